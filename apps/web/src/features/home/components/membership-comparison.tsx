import { CheckIcon, MinusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { comparisonRows, formatTierPrice, includes } from '@/config/membership-tiers';
import { useMembershipTiers } from '@/lib/membership/use-membership-tiers';
import { cn } from '@/lib/utils';
import { PlansUnavailable } from '@/components/members/plans-unavailable';

/** The benefits-by-level table (docs/product.md#screens Home), with Choose Basic / Enhanced / Elite. */
export function MembershipComparison() {
  const { tiers, isPending, error } = useMembershipTiers();
  if (error) return <PlansUnavailable error={error} />;
  if (isPending) return <Skeleton className="h-[40rem] w-full rounded-2xl" />;
  const popular = (id: string) => tiers.find((t) => t.id === id)?.mostPopular;
  return (
    <div className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Membership benefits by level</caption>
        <thead>
          <tr className="border-b bg-surface">
            <th scope="col" className="px-2.5 py-4 text-left font-semibold sm:px-6">
              Benefit
            </th>
            {tiers.map((tier) => (
              <th
                key={tier.id}
                scope="col"
                className={cn(
                  'w-[3.75rem] px-0.5 py-4 text-center font-semibold sm:w-36 sm:px-4 lg:w-44',
                  tier.mostPopular && 'bg-primary/10',
                )}
              >
                <span className="block text-[0.6875rem] sm:text-base">{tier.name}</span>
                <span className="hidden text-xs font-normal text-muted-foreground sm:block">
                  {formatTierPrice(tier)}/yr
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparisonRows(tiers).map((benefit) => (
            <tr key={benefit.label} className="border-b last:border-b-0">
              <th scope="row" className="px-2.5 py-3 text-left font-normal sm:px-6">
                {benefit.label}
              </th>
              {tiers.map((tier) => (
                <td
                  key={tier.id}
                  className={cn('px-1 py-3 text-center', popular(tier.id) && 'bg-primary/5')}
                >
                  {includes(tier.id, benefit) ? (
                    <>
                      <CheckIcon className="mx-auto size-5 text-primary" aria-hidden="true" />
                      <span className="sr-only">Included</span>
                    </>
                  ) : (
                    <>
                      <MinusIcon
                        className="mx-auto size-4 text-muted-foreground"
                        aria-hidden="true"
                      />
                      <span className="sr-only">Not included</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t bg-surface">
            <td className="px-2.5 py-4 sm:px-6">
              <span className="sr-only">Choose a level</span>
            </td>
            {tiers.map((tier) => (
              <td
                key={tier.id}
                className={cn(
                  'px-0.5 py-4 text-center sm:px-3',
                  tier.mostPopular && 'bg-primary/10',
                )}
              >
                <Button
                  asChild
                  size="sm"
                  variant={tier.mostPopular ? 'default' : 'outline'}
                  className="h-8 px-1.5 text-xs sm:h-9 sm:px-3 sm:text-sm"
                >
                  <Link to={tier.href}>
                    <span>
                      Choose<span className="sr-only sm:not-sr-only"> {tier.name}</span>
                    </span>
                  </Link>
                </Button>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
