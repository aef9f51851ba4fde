import type { CalendarEvent, EventList } from '@chamber/contract';
import { eventZone } from '@/lib/events/event-time';
import { dateKeyIn } from '@chamber/contract';
import { eventDays } from './month-grid';

/**
 * docs/product.md#states: when the refresh after a save fails, the list shows the saved event in place of the
 * edited one (or gains it, when it falls in the list's days). `replacedId` null: a new event.
 */
export function replaceEventInList(
  list: EventList,
  window: { startDate: string; endDate: string },
  replacedId: string | null,
  saved: CalendarEvent,
): EventList {
  const kept = list.events.filter((e) => e.id !== replacedId && e.id !== saved.id);
  const days = eventDays(saved);
  const inWindow = days.some((d) => d >= window.startDate && d <= window.endDate);
  const events = inWindow ? [...kept, saved] : kept;
  events.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  return { ...list, events };
}

/** The list without a deleted event (an occurrence id removes that occurrence only). */
export function removeEventFromList(list: EventList, id: string): EventList {
  return { ...list, events: list.events.filter((e) => e.id !== id) };
}

/** The first day of an event on its own calendar, e.g. to open the grid on its month. */
export const eventStartDay = (event: Pick<CalendarEvent, 'startTime' | 'timezone'>) =>
  dateKeyIn(new Date(event.startTime), eventZone(event));
