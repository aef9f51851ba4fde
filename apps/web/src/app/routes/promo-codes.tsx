import { PageBody } from '@/components/layout/page-header';
import { PromoCodes } from '@/features/admin/components/promo-codes';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/promo-codes: staff's promo codes, for moderators as for admins (staff only). */
export function Component() {
  useDocumentTitle('Promo codes');
  useMetaDescription('Promo codes: discounts buyers type in an event’s order form.');
  return (
    <PageBody>
      <PromoCodes level={1} />
    </PageBody>
  );
}
