import { CalendarPage } from '@/features/calendar/components/calendar-page';

export function Component() {
  return <CalendarPage />;
}
