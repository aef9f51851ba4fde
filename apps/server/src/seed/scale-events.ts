import type { events } from '@chamber/db';
import { zonedTimeToUtc } from '@chamber/contract';
import { CALENDAR_ID, TIMEZONE } from './demo-data.js';
import type { ScaleContact } from './scale-contacts.js';
import { eventKinds, topics, type Random } from './scale-vocabulary.js';

const DAY = 86_400_000;

interface SingleEventOptions {
  /** UTC midnight of the first local day of the two years. */
  firstDay: number;
  random: Random;
  people: ScaleContact[];
  organizer: () => { contactId: string; createdBy: string };
  note: string;
}

/**
 * `n` single events spread over the 730 days from `firstDay`, in the chamber's daytime hours,
 * a few of them all-day or cancelled, hosted at a member's address.
 */
export function singleEventsAt(
  n: number,
  { firstDay, random, people, organizer, note }: SingleEventOptions,
): (typeof events.$inferInsert)[] {
  const rows: (typeof events.$inferInsert)[] = [];
  for (let i = 0; i < n; i += 1) {
    const day = new Date(firstDay + random.int(0, 729) * DAY);
    const host = people[random.int(0, people.length - 1)]!;
    const [pattern, minutes] = random.pick(eventKinds);
    const business = host.business ?? `${host.firstName} ${host.lastName}`;
    const topic = random.pick(topics);
    const title = pattern.replace('{business}', () => business).replace('{topic}', () => topic);
    const allDay = random.chance(0.03);
    const local = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
    };
    const startTime = allDay
      ? zonedTimeToUtc({ ...local, hour: 0 }, TIMEZONE)
      : zonedTimeToUtc(
          { ...local, hour: random.int(7, 18), minute: random.pick([0, 15, 30, 45]) },
          TIMEZONE,
        );
    const endTime = allDay
      ? zonedTimeToUtc({ ...local, day: local.day + 1, hour: 0 }, TIMEZONE)
      : new Date(startTime.getTime() + minutes * 60_000);
    const description = `${title}. Hosted by ${host.business ?? host.lastName}; open to members and guests.`;
    rows.push({
      calendarId: CALENDAR_ID,
      title,
      description,
      calendarNotes: description,
      location: `${host.address1}, ${host.city}, UT ${host.postalCode}`,
      startTime,
      endTime,
      isAllDay: allDay,
      timezone: TIMEZONE,
      status: random.chance(0.02) ? 'cancelled' : 'confirmed',
      appointmentStatus: 'confirmed',
      internalNote: note,
      ...(random.chance(0.7) ? organizer() : {}),
    });
  }
  return rows;
}
