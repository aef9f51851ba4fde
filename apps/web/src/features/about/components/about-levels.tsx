import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatTierPrice } from '@/config/membership-tiers';
import { useMembershipTiers } from '@/lib/membership/use-membership-tiers';

/** The three levels in brief, each leading to its package page. */
export function AboutLevels() {
  const { tiers } = useMembershipTiers();
  return (
    <section aria-labelledby="levels-title" className="grid gap-6">
      <h2 id="levels-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Membership levels
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {tiers.map((tier) => (
          <li key={tier.id}>
            <Link
              to={tier.href}
              className="group grid h-full gap-2 rounded-2xl border bg-card p-6 shadow-sm transition-colors hover:border-primary"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="text-lg font-semibold">{tier.name} Membership</span>
                <span className="font-bold">{formatTierPrice(tier)}/yr</span>
              </span>
              <span className="text-sm text-muted-foreground">{tier.summary}</span>
              <span className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary">
                See what&apos;s included
                <ArrowRightIcon
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
