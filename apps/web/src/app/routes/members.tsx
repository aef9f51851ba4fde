import { useMatch } from 'react-router';
import { paths } from '@/config/paths';
import { MembersDirectory } from '@/features/members/components/members-directory';
import { useMetaDescription } from '@/lib/use-meta-description';

/** The directory, at /members and, for the businesses open now, /members/open-now. */
export function Component() {
  const openNow = useMatch(paths.membersOpenNow.path) !== null;
  useMetaDescription(
    openNow
      ? 'The businesses of the chamber that are open right now.'
      : 'The member directory: find local businesses by name, business or specialty.',
  );
  return <MembersDirectory openNow={openNow} />;
}
