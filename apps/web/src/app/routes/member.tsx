import { useParams } from 'react-router';
import { MemberError, MemberProfile } from '@/features/members/components/member-profile';

export function Component() {
  const { id } = useParams();
  if (!id) {
    return (
      <MemberError message="No member ID provided" detail="The link does not name a member." />
    );
  }
  // A new member starts a fresh page: view mode, no half-edited form from the last one.
  return <MemberProfile key={id} id={id} />;
}
