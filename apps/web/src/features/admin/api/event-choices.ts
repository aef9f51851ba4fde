import { DEFAULT_TIMEZONE } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCalendarEvents } from '@/lib/api/calendar-events';
import { useChamber } from '@/lib/chamber/use-chamber';
import { eventChoices, eventWindow } from '../lib/event-choices';

/**
 * The calendar's events (each series once), a year back to a year ahead, as choices for a
 * staff form: a promo code's event, a plan benefit's event or the events it leaves out.
 */
export function useEventChoices() {
  const { config, location } = useChamber();
  const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
  const calendarId = config?.calendarId ?? '';
  const [mountedAt] = useState(() => new Date());
  const window = eventWindow(mountedAt, timeZone);
  return useQuery({
    queryKey: ['admin', 'event-choices', calendarId, window.startDate, window.endDate],
    queryFn: ({ signal }) => getCalendarEvents({ calendarId, ...window }, signal),
    enabled: calendarId !== '',
    select: (list) => eventChoices(list.events),
    staleTime: 60_000,
  });
}
