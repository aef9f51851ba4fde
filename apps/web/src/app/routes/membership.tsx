import { PageBody, PageHeader } from '@/components/layout/page-header';
import { CelebrationsCard } from '@/features/membership/components/book-celebration';
import { MyMembershipView } from '@/features/membership/components/my-membership';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Your chamber membership: plan, renewal date, invoices and payments.');
  return (
    <>
      <PageHeader
        title="My membership"
        description="Your plan, when it renews, and the invoices to pay."
      />
      <PageBody className="grid gap-6">
        <MyMembershipView />
        <CelebrationsCard />
      </PageBody>
    </>
  );
}
