import { PageBody, PageHeader } from '@/components/layout/page-header';
import { DriveList } from '@/features/drives/components/drive-list';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/sponsorship-drives: staff's sponsorship drives (the route lets staff in only). */
export function Component() {
  useMetaDescription('Sponsorship drives: volunteers, prospects and pledges against the goal.');
  return (
    <>
      <PageHeader
        title="Sponsorship drives"
        description="A drive's volunteers ask businesses for the year's sponsorships; each pledge becomes an invoice."
      />
      <PageBody>
        <DriveList />
      </PageBody>
    </>
  );
}
