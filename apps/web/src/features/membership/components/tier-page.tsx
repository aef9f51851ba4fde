import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTierPrice, type MembershipTierInfo, type TierId } from '@/config/membership-tiers';
import { paths } from '@/config/paths';
import { PlansUnavailable } from '@/components/members/plans-unavailable';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMembershipTiers } from '@/lib/membership/use-membership-tiers';
import { useMetaDescription } from '@/lib/use-meta-description';
import { TierBenefits } from './tier-benefits';
import { TierSignup } from './tier-signup';

const linkClass = 'rounded-sm font-medium text-primary hover:underline';

/**
 * A tier package page (docs/product.md#screens): the price, the benefits, the sign-up, and the way back. The
 * page of a level stays at its address; what it says is its plan's.
 */
export function TierPage({ tierId }: { tierId: TierId }) {
  const { tiers, error } = useMembershipTiers();
  const tier = tiers.find((t) => t.id === tierId);
  if (error) {
    return (
      <PageBody>
        <PlansUnavailable error={error} />
      </PageBody>
    );
  }
  if (!tier) {
    return (
      <PageBody className="grid gap-6">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-96 w-full" />
      </PageBody>
    );
  }
  return <LoadedTierPage tier={tier} tiers={tiers} />;
}

function LoadedTierPage({
  tier,
  tiers,
}: {
  tier: MembershipTierInfo;
  tiers: MembershipTierInfo[];
}) {
  const { name } = useChamber();
  const price = formatTierPrice(tier);
  useMetaDescription(`${tier.name} membership of the ${name}: ${price} a year. ${tier.summary}`);
  const others = tiers.filter((t) => t.id !== tier.id);

  return (
    <>
      <PageHeader title={`${tier.name} Membership`} description={tier.summary}>
        <p className="text-4xl font-bold tracking-tight">
          {price}
          <span className="text-lg font-normal text-muted-foreground"> / year</span>
        </p>
        {tier.mostPopular ? <Badge className="self-center">Most Popular</Badge> : null}
      </PageHeader>
      <PageBody className="grid grid-cols-1 gap-10">
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[2fr_3fr]">
          <TierBenefits tier={tier} tiers={tiers} />
          <TierSignup tier={tier} />
        </div>
        <nav
          aria-label="More about membership"
          className="flex flex-col gap-3 border-t pt-6 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <Link to={paths.about.href()} className={`${linkClass} inline-flex items-center gap-1.5`}>
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to About the chamber
          </Link>
          <p className="text-muted-foreground">
            Other levels:{' '}
            {others.map((other, i) => (
              <span key={other.id}>
                {i > 0 ? ' · ' : null}
                <Link to={other.href} className={linkClass}>
                  {other.name} ({formatTierPrice(other)})
                </Link>
              </span>
            ))}
          </p>
        </nav>
      </PageBody>
    </>
  );
}
