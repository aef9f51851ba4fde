import { addDays, dateKeyIn, DEFAULT_TIMEZONE, MAX_EVENT_WINDOW_DAYS } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCalendarEvents } from '@/lib/api/calendar-events';
import { useChamber } from '@/lib/chamber/use-chamber';
import { eventChoices } from '../lib/event-choices';

/**
 * The calendar's events (each series once), a month back to the longest window the calendar
 * answers ahead, as choices for a staff form: a promo code's event, a plan benefit's event or
 * the events it leaves out. Both are about events still to come.
 */
export function useEventChoices() {
  const { config, location } = useChamber();
  const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
  const calendarId = config?.calendarId ?? '';
  const [mountedAt] = useState(() => new Date());
  const today = dateKeyIn(mountedAt, timeZone);
  const window = {
    startDate: addDays(today, -30),
    endDate: addDays(today, MAX_EVENT_WINDOW_DAYS - 40),
  };
  return useQuery({
    queryKey: ['admin', 'event-choices', calendarId, window.startDate, window.endDate],
    queryFn: ({ signal }) => getCalendarEvents({ calendarId, ...window }, signal),
    enabled: calendarId !== '',
    select: (list) => eventChoices(list.events),
    staleTime: 60_000,
  });
}
