/**
 * The public iCalendar feed of the chamber's calendar (GET /api/calendars/{id}/feed.ics), as a
 * web address to paste into a calendar app and as a webcal:// link that opens one directly.
 */
export function calendarFeedUrls(origin: string, calendarId: string) {
  const https = `${origin.replace(/\/$/, '')}/api/calendars/${encodeURIComponent(calendarId)}/feed.ics`;
  return { https, webcal: https.replace(/^https?:\/\//, 'webcal://') };
}
