import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CampaignList } from '@/features/admin/components/campaign-list';
import { useAuth } from '@/lib/auth/use-auth';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/communications: staff's messages to members (the route lets staff in only). */
export function Component() {
  useMetaDescription('Newsletters and announcements to members: write, target, send and follow.');
  const { role } = useAuth();
  return (
    <>
      <PageHeader
        title="Communications"
        description="Newsletters and announcements to the people of member businesses, event registrants and newsletter subscribers."
      >
        {role === 'admin' ? (
          <Button asChild variant="outline">
            <Link to={paths.admin.href()}>Admin Dashboard</Link>
          </Button>
        ) : null}
      </PageHeader>
      <PageBody>
        <CampaignList />
      </PageBody>
    </>
  );
}
