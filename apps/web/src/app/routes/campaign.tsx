import { useParams } from 'react-router';
import { CampaignDetail } from '@/features/admin/components/campaign-detail';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/communications/{id}: one message's audience, send, progress and report. */
export function Component() {
  useMetaDescription('A message to members: its audience, its send, its progress and report.');
  const { id = '' } = useParams();
  return <CampaignDetail key={id} id={id} />;
}
