import { PageBody, PageHeader } from '@/components/layout/page-header';
import { AccountHubView } from '@/features/account/components/account-hub';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Your membership, invoices, events, listing and your year with the chamber.');
  return (
    <>
      <PageHeader
        title="My account"
        description="Your membership, events, listing and what the chamber did for you this year."
      />
      <PageBody>
        <AccountHubView />
      </PageBody>
    </>
  );
}
