import { AwardIcon, HeartHandshakeIcon, TrophyIcon } from 'lucide-react';
import { awardWinners } from '@/config/awards';

/** The latest award winners: a card each, the award, the winner and why. */
export function AwardWinners() {
  const year = Math.max(...awardWinners.map((w) => w.year));
  return (
    <section aria-labelledby="winners-title" className="grid gap-6">
      <div className="grid gap-2">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">
          Congratulations
        </p>
        <h2 id="winners-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {year} Award Winners
        </h2>
      </div>
      <ul className="grid gap-6 md:grid-cols-2">
        {awardWinners
          .filter((w) => w.year === year)
          .map((winner, index) => {
            const Icon = index === 0 ? TrophyIcon : HeartHandshakeIcon;
            return (
              <li
                key={winner.award}
                className="relative isolate flex flex-col gap-4 overflow-hidden rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
              >
                <div
                  aria-hidden="true"
                  className="absolute inset-x-0 top-0 -z-10 h-28 bg-[radial-gradient(ellipse_at_top_left,var(--primary),transparent_70%)] opacity-15"
                />
                <div className="flex items-center gap-3">
                  <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="font-semibold">
                    {winner.year} {winner.award}
                  </h3>
                </div>
                <p className="text-2xl font-bold tracking-tight text-balance">
                  {winner.winner}
                  {winner.business ? (
                    <span className="block text-base font-medium text-muted-foreground">
                      {winner.business}
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">{winner.citation}</p>
                <AwardIcon
                  className="absolute top-5 right-5 -z-10 hidden size-16 text-primary opacity-15 sm:block"
                  aria-hidden="true"
                />
              </li>
            );
          })}
      </ul>
    </section>
  );
}
