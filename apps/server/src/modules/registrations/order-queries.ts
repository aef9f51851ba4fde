import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { eventAttendees, eventOrderLines, eventRegistrations, type Executor } from '@chamber/db';
import { insertRows } from '../../lib/insert-rows.js';
import { textArray } from '../../lib/sql-lists.js';
import { calendarQueries } from '../calendars/index.js';
import { typeQueries as tt } from '../tickets/index.js';

/** The SQL of orders: their lines per ticket type and their attendees (orders.ts). */

export type OrderLineRow = typeof eventOrderLines.$inferSelect;
export type AttendeeRow = typeof eventAttendees.$inferSelect;

/**
 * Which of these addresses (lower case) already have a registration for the single event: a
 * probe of the unique index on the address for each (a list compared with `= any` let the
 * planner read every registration of the event instead, thousands under a rush).
 */
export async function emailsRegistered(
  db: Executor,
  eventId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await db.execute<{ email: string }>(sql`
    select sent.email from unnest(${textArray(emails.map((e) => e.toLowerCase()))}) as sent(email)
    cross join lateral (
      select 1 from ${eventRegistrations} r
      where r.event_id = ${eventId} and r.occurrence_key = '' and r.email <> ''
        and lower(r.email) = sent.email
      limit 1
    ) found`);
  return new Set(rows.map((r) => r.email));
}

export async function insertLines(
  db: Executor,
  rows: (typeof eventOrderLines.$inferInsert)[],
): Promise<OrderLineRow[]> {
  if (rows.length === 0) return [];
  return insertRows(db, eventOrderLines, rows);
}

export async function insertAttendees(
  db: Executor,
  rows: (typeof eventAttendees.$inferInsert)[],
): Promise<AttendeeRow[]> {
  if (rows.length === 0) return [];
  return insertRows(db, eventAttendees, rows);
}

/** The lines of these registrations (orders), in the order they were bought. */
export function linesOf(db: Executor, registrationIds: string[]): Promise<OrderLineRow[]> {
  if (registrationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(eventOrderLines)
    .where(inArray(eventOrderLines.registrationId, registrationIds))
    .orderBy(asc(eventOrderLines.createdAt), asc(eventOrderLines.id));
}

export function attendeesOf(db: Executor, registrationIds: string[]): Promise<AttendeeRow[]> {
  if (registrationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(eventAttendees)
    .where(inArray(eventAttendees.registrationId, registrationIds))
    .orderBy(asc(eventAttendees.registrationId), asc(eventAttendees.position));
}

/** An attendee with the event of its order, locked for a change. */
export async function lockAttendee(db: Executor, attendeeId: string) {
  const [row] = await db
    .select({ attendee: eventAttendees, eventId: eventRegistrations.eventId })
    .from(eventAttendees)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, eventAttendees.registrationId))
    .where(eq(eventAttendees.id, attendeeId))
    .for('update', { of: eventAttendees });
  return row;
}

export async function updateAttendee(
  db: Executor,
  id: string,
  values: Pick<AttendeeRow, 'name' | 'email' | 'dietaryNote'>,
  now: Date,
): Promise<AttendeeRow> {
  const [row] = await db
    .update(eventAttendees)
    .set({ ...values, updatedAt: now })
    .where(eq(eventAttendees.id, id))
    .returning();
  return row!;
}

/**
 * Tickets of each type held by the event's seat-holders (confirmed, and offered or held
 * before their time runs out): what `sold` on the type's row is. The holders are read first,
 * from their own index (at most the event's capacity), and their lines by registration: as a
 * join, the planner read every order line of the event, waiting orders' included, once a
 * rush's statistics came in (17 ms a batch with 8,000 orders waiting, under the seat lock).
 */
export async function ticketsHeldByType(
  db: Executor,
  eventId: string,
  now: Date,
): Promise<Map<string, number>> {
  const holders = db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.occurrenceKey, ''),
        calendarQueries.takesSeats(now),
      ),
    );
  const rows = await db
    .select({
      typeId: eventOrderLines.typeId,
      n: sql<number>`coalesce(sum(${eventOrderLines.quantity}), 0)::int`,
    })
    .from(eventOrderLines)
    .where(sql`${eventOrderLines.registrationId} = any(array(${holders}))`)
    .groupBy(eventOrderLines.typeId);
  return new Map(rows.map((r) => [r.typeId, r.n]));
}

/** The event's registrations that are orders (have lines), first come first. */
export async function orderRegistrations(db: Executor, eventId: string) {
  return db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        sql`exists (select 1 from ${eventOrderLines} l where l.registration_id = ${eventRegistrations.id})`,
      ),
    )
    .orderBy(asc(eventRegistrations.queuedAt));
}

/** The tickets of each type still to be had (null: only the seats limit it). */
export async function typeRoom(tx: Executor, eventId: string, now: Date) {
  const types = await tt.typesOfEvent(tx, eventId);
  const held = await ticketsHeldByType(tx, eventId, now);
  return new Map(
    types.map((t) => [t.id, t.quantity === null ? null : t.quantity - (held.get(t.id) ?? 0)]),
  );
}

/**
 * Brings each of the event's types' `sold` up to date, under the types' row locks: the tickets
 * its seat-holders hold (a lapsed hold or offer, a cancelled order free theirs). Answers the
 * locked rows with `sold` as now.
 */
export async function recountSold(tx: Executor, eventId: string, now: Date) {
  const types = await tt.lockTypesOfEvent(tx, eventId);
  if (types.length === 0) return types;
  const held = await ticketsHeldByType(tx, eventId, now);
  for (const t of types) {
    const n = held.get(t.id) ?? 0;
    if (n !== t.sold) {
      await tt.setSold(tx, t.id, n);
      t.sold = n;
    }
  }
  return types;
}

/**
 * `recountSold` for each of these events (rows removed outside this module's paths, such as
 * an account deleted by staff with its registrations), in id order as every path locks them.
 */
export async function recountSoldOf(tx: Executor, eventIds: string[], now: Date): Promise<void> {
  for (const id of [...new Set(eventIds)].sort()) await recountSold(tx, id, now);
}
