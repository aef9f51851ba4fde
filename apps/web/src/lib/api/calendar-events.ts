import type { EventList } from '@chamber/contract';
import { api } from './client';

export const EVENTS_LOAD_ERROR = 'Failed to fetch calendar events';

export interface EventWindow {
  calendarId: string;
  /** ISO dates (YYYY-MM-DD) in the calendar's zone, both days included. */
  startDate: string;
  endDate: string;
}

/** GET /calendars/{calendarId}/events (docs/product.md#api-calls), with `_t` so no cache answers it. */
export function getCalendarEvents(
  { calendarId, startDate, endDate }: EventWindow,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ startDate, endDate, _t: String(Date.now()) });
  return api.get<EventList>(`/calendars/${encodeURIComponent(calendarId)}/events?${params}`, {
    signal,
    errorMessage: EVENTS_LOAD_ERROR,
  });
}
