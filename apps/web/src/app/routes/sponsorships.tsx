import { SponsorshipsPage } from '@/features/sponsorships/components/sponsorships-page';
import { useMetaDescription } from '@/lib/use-meta-description';

/** /sponsorships: the packages on offer, rendered on the server, with 'Buy' on each. */
export function Component() {
  useMetaDescription('Sponsorship packages on offer from the chamber, with how many are left.');
  return <SponsorshipsPage />;
}
