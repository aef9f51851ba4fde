import { useParams } from 'react-router';
import { MemberError, MemberProfile } from '@/features/members/components/member-profile';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('A member business of the chamber: contact details, location and offers.');
  const { id } = useParams();
  if (!id) {
    return (
      <MemberError message="No member ID provided" detail="The link does not name a member." />
    );
  }
  // A new member starts a fresh page: view mode, no half-edited form from the last one.
  return <MemberProfile key={id} id={id} />;
}
