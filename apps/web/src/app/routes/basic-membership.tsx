import { TierPage } from '@/features/membership/components/tier-page';

export function Component() {
  return <TierPage tierId="basic" />;
}
