import { endpoints } from '@chamber/contract/endpoints';
import { endpointPath } from '@chamber/contract/endpoint-runtime';
import { api } from '@/lib/api/client';

/** GET /calendars/appointments/{id}/ics: one event as an iCalendar file. */
export const eventIcsPath = (id: string) => endpointPath(endpoints.ical.eventIcs.path, { id });

/**
 * 'Monthly Chamber Luncheon.ics': the title's letters, digits, spaces and hyphens, as the server
 * names the file attached to the confirmation mail.
 */
export function icsFileName(title: string): string {
  const name = title
    .replace(/[^\p{L}\p{N} -]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${name || 'event'}.ics`;
}

/**
 * docs/product.md#screens Add to Calendar: downloads the event's calendar file named after its title. The
 * server writes the file (uid, start, end, summary, description, location, status) so it
 * matches the one attached to the confirmation mail.
 */
export async function downloadEventIcs(id: string, title: string) {
  const { blob } = await api.download(endpoints.ical.eventIcs, {
    params: { id },
    errorMessage: 'Could not download the calendar file',
  });
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
