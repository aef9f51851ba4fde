import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PeoplePanel } from '@/features/people/components/people-panel';
import { memberQueryOptions } from '@/lib/api/members';
import { useMetaDescription } from '@/lib/use-meta-description';

/**
 * /members/{id}/people: a business's people panel on a page of its own, for staff (reached
 * from the users list) and the business's people. The server decides who may see it.
 */
export function Component() {
  useMetaDescription('The people of a member business: roles, sign-ins and invitations.');
  const { id = '' } = useParams();
  const member = useQuery({ ...memberQueryOptions(id), enabled: id !== '' });
  const businessName = member.data?.businessName ?? null;

  return (
    <>
      <PageHeader
        title={businessName ? `People of ${businessName}` : 'People of the business'}
        description="Who acts for the business, their roles, and the invitations still open."
      >
        <Button asChild variant="outline">
          <Link to={paths.member.href(id)}>View the member page</Link>
        </Button>
      </PageHeader>
      <PageBody>
        <PeoplePanel key={id} contactId={id} businessName={businessName} headingLevel={2} />
      </PageBody>
    </>
  );
}
