import { PageHeader } from '@/components/layout/page-header';
import { MembershipOverview } from '@/features/home/components/membership-overview';

export function Component() {
  return (
    <>
      <PageHeader
        title="Join the Chamber"
        description="Choose the membership level that fits your business. Online sign-up is coming soon; each level's page tells you how to join today."
      />
      <MembershipOverview />
    </>
  );
}
