import { and, asc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { calendars, contacts, eventRedirects, events, type Executor } from '@chamber/db';
import { reusableQuery } from '../../lib/reusable-query.js';
import { isAnyOf, textArray } from '../../lib/sql-lists.js';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = typeof events.$inferInsert;
export type EventUpdate = Partial<EventInsert>;
export type CalendarRow = typeof calendars.$inferSelect;

/** Registration queries live beside these; one namespace for the module's SQL. */
export * from './registration-queries.js';
export * from './seat-queries.js';

export async function findCalendar(db: Executor, id: string): Promise<CalendarRow | undefined> {
  const [row] = await calendarQuery(db, { id });
  return row;
}

const calendarQuery = reusableQuery((db) =>
  db
    .select()
    .from(calendars)
    .where(eq(calendars.id, sql.placeholder('id')))
    .prepare('find_calendar'),
);

/** The chamber's calendar: the first one created. */
export async function defaultCalendar(db: Executor): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).orderBy(asc(calendars.createdAt)).limit(1);
  return row;
}

export async function findEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await eventQuery(db, { id });
  return row;
}

// Every event page, registration and its mail read it: built once (see reusableQuery).
const eventQuery = reusableQuery((db) =>
  db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .prepare('find_event'),
);

/**
 * The event's row, locked against other edits until the transaction ends. 'no key update',
 * not 'update': a registration checks its event's key (the foreign key's 'key share') while
 * it holds its occurrence's seat lock, so an edit that locked the row in full and then
 * waited for that seat lock (moving or deleting registrations) would deadlock with it.
 */
export async function lockEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('no key update');
  return row;
}

export async function findOverride(
  db: Executor,
  seriesId: string,
  originalStart: Date,
): Promise<EventRow | undefined> {
  const [row] = await overrideQuery(db, { seriesId, originalStart });
  return row;
}

// Every occurrence's page and registration look for its override: built once.
const overrideQuery = reusableQuery((db) =>
  db
    .select()
    .from(events)
    .where(
      and(
        eq(events.seriesId, sql.placeholder('seriesId')),
        eq(events.originalStart, sql.placeholder('originalStart')),
      ),
    )
    .prepare('find_override'),
);

export async function listOverrides(db: Executor, seriesId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.seriesId, seriesId));
}

/** Single events (neither series nor override) overlapping [from, to). */
export async function singlesInWindow(db: Executor, calendarId: string, from: Date, to: Date) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.calendarId, calendarId),
        isNull(events.rrule),
        isNull(events.seriesId),
        lt(events.startTime, to),
        gt(events.endTime, from),
      ),
    );
}

/** Series that may have occurrences in [from, to): begun before its end, not ended before. */
export async function seriesInWindow(db: Executor, calendarId: string, from: Date, to: Date) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.calendarId, calendarId),
        isNotNull(events.rrule),
        lt(events.startTime, to),
        or(isNull(events.recurrenceEnd), gt(events.recurrenceEnd, from)),
      ),
    );
}

/**
 * Overrides of the given series that either replace one of `originalStarts` or were moved
 * into [from, to) from elsewhere.
 */
export async function overridesFor(
  db: Executor,
  seriesIds: string[],
  originalStarts: Date[],
  from: Date,
  to: Date,
): Promise<EventRow[]> {
  if (seriesIds.length === 0) return [];
  const movedIn = and(lt(events.startTime, to), gt(events.endTime, from));
  return db
    .select()
    .from(events)
    .where(
      and(
        isAnyOf(events.seriesId, seriesIds, 'uuid'),
        originalStarts.length
          ? or(isAnyOf(events.originalStart, originalStarts, 'timestamptz'), movedIn)
          : movedIn,
      ),
    );
}

/** Every single event and series of a calendar still relevant after `since` (for the feed). */
export async function feedEvents(db: Executor, calendarId: string, since: Date) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.calendarId, calendarId),
        or(
          and(isNull(events.rrule), isNull(events.seriesId), gt(events.endTime, since)),
          and(
            isNotNull(events.rrule),
            or(isNull(events.recurrenceEnd), gt(events.recurrenceEnd, since)),
          ),
        ),
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id));
}

export async function insertEvent(db: Executor, values: EventInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

/** Every stored change is a new version of the event for calendar apps: SEQUENCE goes up. */
const nextSequence = sql`${events.sequence} + 1`;

/** Changes an event; its SEQUENCE goes up by one unless `values` sets it. */
export async function updateEvent(db: Executor, id: string, values: EventUpdate): Promise<void> {
  await db
    .update(events)
    .set({ sequence: nextSequence, ...values })
    .where(eq(events.id, id));
}

export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** A series and every override of it. */
export async function deleteSeries(db: Executor, seriesId: string): Promise<void> {
  await db.delete(events).where(or(eq(events.id, seriesId), eq(events.seriesId, seriesId)));
}

export async function deleteOverridesFrom(db: Executor, seriesId: string, from: Date) {
  await db
    .delete(events)
    .where(and(eq(events.seriesId, seriesId), gte(events.originalStart, from)));
}

export async function contactExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
  return Boolean(row);
}

export async function contactEmail(db: Executor, id: string) {
  const [row] = await db
    .select({ email: contacts.email, firstName: contacts.firstName })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}

/**
 * The business an event's contact is (docs/decisions/0143-series-edit-choices.md): its
 * directory name, and whether the directory lists it (its member page is public).
 */
export async function organizerContact(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      businessName: contacts.businessName,
      companyName: contacts.companyName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      listed: contacts.listed,
    })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}

/** Changes the overrides of a series from `from` on (all of them from the epoch). */
export async function updateOverridesFrom(
  db: Executor,
  seriesId: string,
  from: Date,
  values: EventUpdate,
): Promise<void> {
  await db
    .update(events)
    .set({ ...values, sequence: nextSequence })
    .where(and(eq(events.seriesId, seriesId), gte(events.originalStart, from)));
}

/** Every override of the given series. */
export async function overridesOf(db: Executor, seriesIds: string[]): Promise<EventRow[]> {
  if (seriesIds.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(isAnyOf(events.seriesId, seriesIds, 'uuid'))
    .orderBy(asc(events.originalStart));
}

/**
 * Records retired event ids and their successors. A row whose successor is now retired too
 * is pointed at the new successor, so every lookup is one step.
 */
export async function retireEventIds(
  db: Executor,
  pairs: { retiredId: string; successorId: string }[],
  now: Date,
): Promise<void> {
  const moves = pairs.filter((p) => p.retiredId !== p.successorId);
  if (moves.length === 0) return;
  const retired = moves.map((p) => p.retiredId);
  const successors = moves.map((p) => p.successorId);
  await db.execute(sql`
    update ${eventRedirects} r set successor_id = m.successor
    from unnest(${textArray(retired)}, ${textArray(successors)}) as m(retired, successor)
    where r.successor_id = m.retired`);
  await db
    .insert(eventRedirects)
    .values(moves.map((p) => ({ ...p, createdAt: now })))
    .onConflictDoUpdate({
      target: eventRedirects.retiredId,
      set: { successorId: sql`excluded.successor_id`, createdAt: sql`excluded.created_at` },
    });
}

/**
 * Forgets the retired ids whose successor a deletion removes: an event or series with every
 * occurrence (`all`), one occurrence, or the occurrences from one on. Such an id would answer
 * 404 like its successor, so its row only grows the table. Rows whose successor lives on
 * (the retired occurrences of a deleted series that point into a split-off one) stay.
 */
export async function forgetRetiredIdsOf(
  db: Executor,
  eventId: string,
  scope: 'all' | { only: string } | { from: string },
): Promise<void> {
  const prefix = `${eventId}_`;
  const occurrences = sql`starts_with(${eventRedirects.successorId}, ${prefix})`;
  await db.delete(eventRedirects).where(
    scope === 'all'
      ? or(eq(eventRedirects.successorId, eventId), occurrences)
      : 'only' in scope
        ? eq(eventRedirects.successorId, prefix + scope.only)
        : // Occurrence keys are compact UTC of one length, so text order is time order.
          and(occurrences, gte(eventRedirects.successorId, prefix + scope.from)),
  );
}

/** The id that replaced a retired one, if a series edit retired it. */
export async function successorOf(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: eventRedirects.successorId })
    .from(eventRedirects)
    .where(eq(eventRedirects.retiredId, id));
  return row?.id;
}

/** The first id an occurrence had, when edits have since retired it (its calendar identity). */
export async function firstIdOf(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: eventRedirects.retiredId })
    .from(eventRedirects)
    .where(eq(eventRedirects.successorId, id))
    .orderBy(asc(eventRedirects.createdAt), asc(eventRedirects.retiredId))
    .limit(1);
  return row?.id;
}
