import { MembersDirectory } from '@/features/members/components/members-directory';

export function Component() {
  return <MembersDirectory />;
}
