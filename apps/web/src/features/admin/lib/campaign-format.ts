import { dateTimeFormat, localDateTime, type MailTopic, zonedTimeToUtc } from '@chamber/contract';

export const topicLabels: Record<MailTopic, string> = {
  newsletter: 'Newsletter',
  announcements: 'Announcements',
  'event-news': 'Event news',
};

/** An instant as the chamber's wall clock reads it: 'Apr 21, 2026, 12:00 PM'. */
export function atText(instant: string, timeZone: string): string {
  return dateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

export const recipientsText = (n: number) => `${n} recipient${n === 1 ? '' : 's'}`;

/** The message's text, without its markup, for a short summary. */
export function contentText(html: string, max = 400): string {
  // A block's end is a word break: a heading and the paragraph after it do not run together.
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|div|blockquote|td|th)>|<br\s*\/?>/gi, '$& ');
  const text =
    typeof DOMParser === 'undefined'
      ? spaced.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** A day and a time on the chamber's clock as an instant (ISO), or null when incomplete. */
export function scheduledInstant(day: string, time: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return zonedTimeToUtc(localDateTime(day, time), timeZone).toISOString();
}
