import { type SponsorLevel, type SponsorPlacement } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/utils';
import { sponsorPlacementsQueryOptions } from '../api/sponsorships';
import { byLevel } from '../lib/by-level';

/**
 * The sponsors live on a slot (home, calendar, directory, jobs, event:{id}): each one's logo
 * (or its name) linking through the counting redirect to its link. Nothing at all when none
 * is live. Read again on every visit, so each visit counts its impressions once.
 */
export function SponsorStrip({
  slot,
  title = 'Our sponsors',
  className,
}: {
  slot: string;
  title?: string;
  className?: string;
}) {
  const sponsors = useQuery({ ...sponsorPlacementsQueryOptions(slot), refetchOnMount: 'always' });
  if (!sponsors.data?.length) return null;
  const groups = byLevel(sponsors.data);
  return (
    <section
      aria-label={title}
      data-testid="sponsor-strip"
      className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6', className)}
    >
      <div className="border-border bg-muted/40 grid gap-4 rounded-lg border px-4 py-4 sm:px-6">
        {/* Not a heading: the strip sits anywhere on a page without breaking its outline. */}
        <p className="text-muted-foreground text-sm font-semibold">{title}</p>
        {groups.map((group) => (
          <div key={group.level ?? 'none'} className="grid gap-2">
            {group.label ? (
              <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
                {group.label}
              </p>
            ) : null}
            <ul
              aria-label={group.label ?? undefined}
              className="flex flex-wrap items-center gap-x-8 gap-y-4"
            >
              {group.sponsors.map((sponsor) => (
                <li key={sponsor.id} className="min-w-0">
                  <SponsorFace sponsor={sponsor} level={group.level} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The logo's and name's size by level: a presenting sponsor's is the largest. */
const sizes = {
  presenting: ['h-20 max-w-[14rem]', 'text-xl'],
  gold: ['h-12 max-w-[10rem]', 'text-base'],
  silver: ['h-10 max-w-[8rem]', 'text-sm'],
  none: ['h-12 max-w-[10rem]', 'text-base'],
};

function SponsorFace({
  sponsor,
  level,
}: {
  sponsor: SponsorPlacement;
  level: SponsorLevel | null;
}) {
  const [logo, name] = sizes[level ?? 'none'];
  const face = sponsor.logoUrl ? (
    <img
      src={sponsor.logoUrl}
      alt={sponsor.logoAlt}
      loading="lazy"
      className={cn('w-auto rounded bg-white object-contain p-1', logo)}
    />
  ) : (
    <span className={cn('text-foreground font-semibold', name)}>{sponsor.businessName}</span>
  );
  return sponsor.clickUrl ? (
    <a
      href={sponsor.clickUrl}
      rel="sponsored noopener"
      className="focus-visible:ring-ring inline-flex rounded focus-visible:ring-2 focus-visible:outline-none"
    >
      {face}
    </a>
  ) : (
    face
  );
}
