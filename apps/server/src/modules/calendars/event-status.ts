import type { EventRow } from './queries.js';

/**
 * An event carries two statuses, both the spec's: `appointmentStatus`, where it stands in the
 * booking workflow (new, scheduled, confirmed, cancelled), and `status`, its iCalendar STATUS
 * (confirmed, tentative, cancelled). It is off when either says cancelled.
 */
export const isCancelled = (row: Pick<EventRow, 'status' | 'appointmentStatus'>): boolean =>
  row.appointmentStatus === 'cancelled' || row.status === 'cancelled';
