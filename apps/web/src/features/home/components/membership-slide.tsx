import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatTierPrice, type MembershipTierInfo } from '@/config/membership-tiers';
import { useChamber } from '@/lib/chamber/use-chamber';

/** A membership level on the carousel, with its Join button (docs/product.md#screens Home). */
export function MembershipSlide({ tier }: { tier: MembershipTierInfo }) {
  const { shortName } = useChamber();
  return (
    <div className="flex w-full bg-surface">
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 content-center items-center gap-10 px-5 py-10 sm:px-10 md:grid-cols-[3fr_2fr] md:py-14">
        <div className="grid min-w-0 grid-cols-1 justify-items-start gap-4">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">Membership</p>
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{tier.name} Membership</h2>
          <p className="text-2xl font-bold">
            {formatTierPrice(tier)}
            <span className="text-base font-normal text-muted-foreground"> / year</span>
          </p>
          <p className="max-w-xl text-muted-foreground">{tier.summary}</p>
          <ul className="grid gap-2">
            {tier.highlights.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <Button asChild size="lg">
            <Link to={tier.href}>Join {tier.name}</Link>
          </Button>
        </div>
        {/* A membership card, drawn: decoration only. */}
        <div aria-hidden="true" className="hidden justify-center md:flex">
          <div className="relative isolate flex aspect-[1.6] w-full max-w-sm flex-col justify-between overflow-hidden rounded-2xl bg-primary p-6 text-primary-foreground shadow-xl dark:bg-[color-mix(in_oklab,var(--primary)_30%,var(--card))] dark:text-foreground">
            <div className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_90%_0%,rgb(255_255_255/0.25),transparent_50%)]" />
            <div className="flex items-start justify-between">
              <span className="text-lg font-bold tracking-tight">{shortName}</span>
              {tier.mostPopular ? (
                <Badge className="bg-background text-foreground">Most Popular</Badge>
              ) : null}
            </div>
            <div>
              <p className="text-sm tracking-widest uppercase">Member</p>
              <p className="text-3xl font-bold">{tier.name}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
