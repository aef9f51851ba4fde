import { PageBody, PageHeader } from '@/components/layout/page-header';
import { SponsorshipsAdmin } from '@/features/sponsorships/components/sponsorships-admin';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /admin/sponsorships: staff's packages, sold and left, and selling them (staff only). */
export function Component() {
  useMetaDescription('Sponsorship packages: what is sold and left, and selling to a business.');
  return (
    <>
      <PageHeader
        title="Sponsorships"
        description="The packages the chamber sells, what is sold and left, and selling one to a business."
      />
      <PageBody>
        <SponsorshipsAdmin />
      </PageBody>
    </>
  );
}
