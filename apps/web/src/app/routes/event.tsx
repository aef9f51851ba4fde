import { useParams } from 'react-router';
import { EventError, EventPage } from '@/features/calendar/components/event-page';
import { eventSponsorSlot } from '@/features/sponsorships/api/sponsorships';
import { SponsorStrip } from '@/features/sponsorships/components/sponsor-strip';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Event details, times, location and registration.');
  const { id } = useParams();
  if (!id)
    return <EventError title="Event ID not provided" detail="The link does not name an event." />;
  // Another event starts a fresh page: no dialog left open from the last one.
  return (
    <>
      <EventPage key={id} id={id} />
      <SponsorStrip slot={eventSponsorSlot(id)} title="Presented by" className="pb-8" />
    </>
  );
}
