import { useMatch, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { MembersDirectory } from '@/features/members/components/members-directory';
import { SponsorStrip } from '@/features/sponsorships/components/sponsor-strip';
import { useMetaDescription } from '@/lib/use-meta-description';

/**
 * The directory, at /members; for the businesses open now, /members/open-now; for a
 * category's, /members/category/{slug}.
 */
export function Component() {
  const openNow = useMatch(paths.membersOpenNow.path) !== null;
  const category = useParams().slug ?? null;
  useMetaDescription(
    openNow
      ? 'The businesses of the chamber that are open right now.'
      : category
        ? 'The businesses of the chamber in this category.'
        : 'The member directory: find local businesses by name, business or specialty.',
  );
  return (
    <>
      {/* Featured sponsors at the top of the directory. */}
      <SponsorStrip slot="directory" title="Featured sponsors" className="pt-6" />
      <MembersDirectory openNow={openNow} category={category} key={category ?? ''} />
    </>
  );
}
