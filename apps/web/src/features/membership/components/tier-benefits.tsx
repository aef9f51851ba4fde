import { CheckIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { type MembershipTierInfo, tiersBelow } from '@/config/membership-tiers';

function BenefitList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * A level's benefits (docs/product.md#constants): what it adds first, then everything it keeps from the levels
 * below, each group under its own heading.
 */
export function TierBenefits({
  tier,
  tiers,
}: {
  tier: MembershipTierInfo;
  tiers: readonly MembershipTierInfo[];
}) {
  const below = tiersBelow(tiers, tier.id);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl leading-tight font-semibold">What&apos;s included</h2>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section aria-labelledby={`${tier.id}-own`} className="grid gap-4">
          <h3 id={`${tier.id}-own`} className="font-semibold">
            {below.length === 0 ? 'Every membership includes' : `${tier.name} adds`}
          </h3>
          <BenefitList items={tier.benefits} />
        </section>
        {below.map((lower) => (
          <section key={lower.id} aria-labelledby={`${tier.id}-${lower.id}`} className="grid gap-4">
            <h3 id={`${tier.id}-${lower.id}`} className="font-semibold">
              Everything in {lower.name}
            </h3>
            <BenefitList items={lower.benefits} />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
