import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { EventError, EventPage } from '@/features/calendar/components/event-page';
import { eventSponsorSlot } from '@/features/sponsorships/api/sponsorships';
import { useMetaDescription } from '@/lib/use-meta-description';

// Loaded after the page, as the home page's: it shows only once its data has come (below the
// event, so nothing moves), and keeps the event page's first download within its budget.
const SponsorStrip = lazy(() =>
  import('@/features/sponsorships/components/sponsor-strip').then((m) => ({
    default: m.SponsorStrip,
  })),
);

export function Component() {
  useMetaDescription('Event details, times, location and registration.');
  const { id } = useParams();
  if (!id)
    return <EventError title="Event ID not provided" detail="The link does not name an event." />;
  // Another event starts a fresh page: no dialog left open from the last one.
  return (
    <>
      <EventPage key={id} id={id} />
      <Suspense fallback={null}>
        <SponsorStrip slot={eventSponsorSlot(id)} title="Presented by" className="pb-8" />
      </Suspense>
    </>
  );
}
