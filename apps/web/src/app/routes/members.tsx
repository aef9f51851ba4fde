import { MembersDirectory } from '@/features/members/components/members-directory';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('The member directory: find local businesses by name, business or specialty.');
  return <MembersDirectory />;
}
