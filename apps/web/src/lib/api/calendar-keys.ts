/**
 * Query keys of everything calendar-shaped. Saving, deleting or registering invalidates
 * `calendarKeys.all`, so the month grid, the upcoming list and event pages all refetch.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  calendar: (calendarId: string) => [...calendarKeys.all, 'calendar', calendarId] as const,
  lists: () => [...calendarKeys.all, 'events'] as const,
  window: (calendarId: string, startDate: string, endDate: string) =>
    [...calendarKeys.lists(), calendarId, startDate, endDate] as const,
  event: (id: string) => [...calendarKeys.all, 'event', id] as const,
  customFields: (id: string) => [...calendarKeys.all, 'custom-fields', id] as const,
};
