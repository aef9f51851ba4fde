import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { MyDriveView } from '@/features/drives/components/my-drive';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /account/sponsorship-drive: a volunteer's own prospects. */
export function Component() {
  useMetaDescription('The prospects you ask for sponsorships in the chamber’s drive.');
  return (
    <>
      <PageHeader
        title="My sponsorship prospects"
        description="Record each pledge, your notes and the next step; staff send the invoices."
      >
        <Button asChild variant="outline">
          <Link to={paths.account.href()}>My account</Link>
        </Button>
      </PageHeader>
      <PageBody>
        <MyDriveView />
      </PageBody>
    </>
  );
}
