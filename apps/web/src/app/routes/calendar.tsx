import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription(
    'The chamber’s event calendar: luncheons, networking breakfasts, ribbon cuttings and community events.',
  );
  return <CalendarPage />;
}
