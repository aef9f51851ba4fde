import { useParams } from 'react-router';
import { CampaignCompose } from '@/features/communications/components/campaign-compose';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/communications/new and /admin/communications/:id/edit: a campaign's message. */
export function Component() {
  const { id } = useParams();
  useMetaDescription('Write a message to the chamber’s members: newsletters and announcements.');
  return <CampaignCompose id={id} />;
}
