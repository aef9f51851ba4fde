import type { Member } from '@chamber/contract';
import { HeroBackLink } from '@/components/layout/hero-back-link';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { cn } from '@/lib/utils';

export const memberTitle = (member: Pick<Member, 'businessName' | 'name'>) =>
  member.businessName || member.name;

/**
 * The member page's banner: business name and tagline. The cover image is the background only
 * for elite (or admin) members (docs/product.md#screens); everyone else gets the chamber's accent colour.
 */
export function MemberHero({ member }: { member: Member }) {
  const { name: chamberName } = useChamber();
  const cover = member.features.elite && member.coverImage ? member.coverImage : null;
  const tagline = member.tagline || `Proud member of the ${chamberName}`;

  return (
    <section
      aria-labelledby="member-title"
      className={cn(
        'relative isolate overflow-hidden border-b',
        cover
          ? 'bg-neutral-900 text-white'
          : 'bg-primary text-primary-foreground dark:bg-[color-mix(in_oklab,var(--primary)_35%,var(--card))] dark:text-foreground',
      )}
    >
      {cover ? (
        <>
          <img
            src={cover}
            alt=""
            className="absolute inset-0 -z-10 size-full object-cover"
            fetchPriority="high"
          />
          {/* Keeps the white text readable over any photo. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/55 to-black/25"
          />
        </>
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_20%,rgb(255_255_255/0.18),transparent_45%),radial-gradient(circle_at_10%_110%,rgb(0_0_0/0.18),transparent_50%)]"
        />
      )}
      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-6 pb-12 sm:px-6 sm:pb-16">
        <HeroBackLink to={paths.members.href()}>Back to Members</HeroBackLink>
        <div className={cn('grid gap-3', cover && 'pt-16 sm:pt-24')}>
          <h1
            id="member-title"
            className="text-3xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {memberTitle(member)}
          </h1>
          <p className="max-w-3xl text-lg text-pretty sm:text-xl">{tagline}</p>
        </div>
      </div>
    </section>
  );
}
