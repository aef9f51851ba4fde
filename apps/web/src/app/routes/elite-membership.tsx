import { PageBody, PageHeader } from '@/components/layout/page-header';
import { membershipTierList } from '@/config/membership-tiers';
import { TierDetails } from '@/features/membership/components/tier-details';

const tier = membershipTierList.find((item) => item.id === 'elite')!;

export function Component() {
  return (
    <>
      <PageHeader title="Elite Membership" description={tier.summary} />
      <PageBody>
        <TierDetails tier={tier} />
      </PageBody>
    </>
  );
}
