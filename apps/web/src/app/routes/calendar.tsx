import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { SponsorStrip } from '@/features/sponsorships/components/sponsor-strip';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription(
    'The chamber’s event calendar: luncheons, networking breakfasts, ribbon cuttings and community events.',
  );
  return (
    <>
      <CalendarPage />
      <SponsorStrip slot="calendar" className="pb-8" />
    </>
  );
}
