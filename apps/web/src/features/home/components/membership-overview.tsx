import { useChamber } from '@/lib/chamber/use-chamber';
import { MembershipComparison } from './membership-comparison';
import { NewMemberBenefits } from './new-member-benefits';
import { PriceCards } from './price-cards';

/**
 * Below the carousel (docs/product.md#screens Home): the headline with the chamber's name, an intro, the
 * benefits-by-level table, the new member benefits and the price cards.
 */
export function MembershipOverview() {
  const { name, location } = useChamber();
  const place = location?.city || 'our community';
  return (
    <section aria-labelledby="membership-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="grid max-w-3xl gap-4">
        <h2
          id="membership-title"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Start Your {name} Membership Today
        </h2>
        <p className="text-lg text-muted-foreground">
          Whether you run a one-person shop or employ half of {place}, membership puts your business
          in front of the community and at the table with its other owners. Three levels, each
          building on the one before: compare them below and choose the one that fits.
        </p>
      </div>
      <div className="mt-10 grid gap-12">
        <MembershipComparison />
        <NewMemberBenefits />
        <div className="grid gap-6">
          <h3 className="text-2xl font-bold tracking-tight">Membership prices</h3>
          <PriceCards />
        </div>
      </div>
    </section>
  );
}
