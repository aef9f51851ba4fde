import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NoBulkMail } from '@/features/admin/components/no-bulk-mail';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/communications/addresses: the suppressed and unsubscribed addresses (staff only). */
export function Component() {
  useMetaDescription('The addresses newsletters and announcements do not go to, and why.');
  return (
    <>
      <PageHeader
        title="Addresses that get no bulk mail"
        description="Suppressed after bounces or complaints or by staff, and unsubscribed by their owners."
      >
        <Button asChild variant="outline">
          <Link to={paths.communications.href()}>All messages</Link>
        </Button>
      </PageHeader>
      <PageBody>
        <NoBulkMail />
      </PageBody>
    </>
  );
}
