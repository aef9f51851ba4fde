import { endpoints } from '@chamber/contract/endpoints';
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
  return api.call(endpoints.calendars.events, {
    params: { calendarId },
    query: { startDate, endDate, _t: String(Date.now()) },
    signal,
    errorMessage: EVENTS_LOAD_ERROR,
  });
}
