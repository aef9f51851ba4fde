import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/utils';
import { sponsorPlacementsQueryOptions } from '../api/sponsorships';

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
  return (
    <section
      aria-label={title}
      data-testid="sponsor-strip"
      className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6', className)}
    >
      <div className="border-border bg-muted/40 rounded-lg border px-4 py-4 sm:px-6">
        {/* Not a heading: the strip sits anywhere on a page without breaking its outline. */}
        <p className="text-muted-foreground text-sm font-semibold">{title}</p>
        <ul className="mt-3 flex flex-wrap items-center gap-x-8 gap-y-4">
          {sponsors.data.map((sponsor) => {
            const face = sponsor.logoUrl ? (
              <img
                src={sponsor.logoUrl}
                alt={sponsor.logoAlt}
                loading="lazy"
                className="h-12 w-auto max-w-[10rem] rounded bg-white object-contain p-1"
              />
            ) : (
              <span className="text-foreground text-base font-semibold">
                {sponsor.businessName}
              </span>
            );
            return (
              <li key={sponsor.id} className="min-w-0">
                {sponsor.clickUrl ? (
                  <a
                    href={sponsor.clickUrl}
                    rel="sponsored noopener"
                    className="focus-visible:ring-ring inline-flex rounded focus-visible:ring-2 focus-visible:outline-none"
                  >
                    {face}
                  </a>
                ) : (
                  face
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
