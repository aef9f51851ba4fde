import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DriveDetailView } from '@/features/drives/components/drive-detail';
import { driveQueryOptions } from '@/lib/api/drives';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/sponsorship-drives/{id}: one drive's leaderboard and board of prospects. */
export function Component() {
  useMetaDescription("A sponsorship drive's leaderboard and prospects.");
  const { id = '' } = useParams();
  const drive = useQuery(driveQueryOptions(id));
  return (
    <>
      <PageHeader title={drive.data?.name ?? 'Sponsorship drive'}>
        <Button asChild variant="outline">
          <Link to={paths.sponsorshipDrives.href()}>All drives</Link>
        </Button>
      </PageHeader>
      <PageBody>
        <DriveDetailView driveId={id} />
      </PageBody>
    </>
  );
}
