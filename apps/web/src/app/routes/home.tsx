import { HomeHero } from '@/features/home/components/home-hero';
import { MembershipOverview } from '@/features/home/components/membership-overview';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle();
  return (
    <>
      <HomeHero />
      <MembershipOverview />
    </>
  );
}
