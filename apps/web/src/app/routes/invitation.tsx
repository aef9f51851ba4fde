import { useParams } from 'react-router';
import { InvitationPage } from '@/features/people/components/invitation-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Join a member business of the chamber with your own sign-in.');
  const { token = '' } = useParams();
  return <InvitationPage key={token} token={token} />;
}
