import { eventRegistrations, type Database } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';

let n = 0;

/**
 * A fresh event of the demo calendar whose confirmed registrants are `emails`: the smallest
 * audience a campaign test can send to. Answers the event's id.
 */
export async function eventWithRegistrants(db: Database, emails: string[]): Promise<string> {
  n += 1;
  const event = await createEvent(db, {
    calendarId: 'racc-events',
    startTime: new Date('2026-04-15T18:00:00Z'),
    title: `Mixer ${n}`,
  });
  if (emails.length > 0) {
    await db
      .insert(eventRegistrations)
      .values(emails.map((email) => ({ eventId: event.id, name: `Guest ${email}`, email })));
  }
  return event.id;
}
