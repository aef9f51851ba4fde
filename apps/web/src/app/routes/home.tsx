import { lazy, Suspense } from 'react';
import { NewestDeals } from '@/features/deals/components/newest-deals';
import { HomeCarousel } from '@/features/home/components/home-carousel';
import { MembershipOverview } from '@/features/home/components/membership-overview';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { homeDescription } from '@chamber/contract/page-text';

// Loaded after the page: it shows only once its data has come, and keeps the home page's
// first download within its budget.
const NewestJobs = lazy(() =>
  import('@/features/jobs/components/newest-jobs').then((m) => ({ default: m.NewestJobs })),
);
const SponsorStrip = lazy(() =>
  import('@/features/sponsorships/components/sponsor-strip').then((m) => ({
    default: m.SponsorStrip,
  })),
);

export function Component() {
  const { name } = useChamber();
  useDocumentTitle();
  useMetaDescription(homeDescription(name));
  return (
    <>
      <h1 className="sr-only">{name}</h1>
      <HomeCarousel />
      <MembershipOverview />
      {/* Last: they appear only once their data has come, so nothing below may move then. */}
      <NewestDeals />
      <Suspense fallback={null}>
        <NewestJobs />
      </Suspense>
      <Suspense fallback={null}>
        <SponsorStrip slot="home" className="pt-16" />
      </Suspense>
    </>
  );
}
