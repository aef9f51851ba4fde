import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { eventRegistrations, type Executor, registrationLinks } from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';
import { insertRows } from '../../lib/insert-rows.js';

export type RegistrationRow = typeof eventRegistrations.$inferSelect;

export interface RegistrationCount {
  eventId: string;
  occurrenceKey: string;
  registrations: number;
  people: number;
  waiting: number;
}

/** Statuses that hold seats (an offer or hold past its time lapses within a minute). */
export const HOLDING = sql`${eventRegistrations.seatStatus} in ('confirmed', 'offered', 'held')`;

/** Registrations and people per (event, occurrence) for the given events and keys. */
export async function registrationCounts(
  db: Executor,
  eventIds: string[],
  occurrenceKeys: string[],
): Promise<RegistrationCount[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: eventRegistrations.eventId,
      occurrenceKey: eventRegistrations.occurrenceKey,
      registrations: sql<number>`(count(*) filter (where ${HOLDING}))::int`,
      people: sql<number>`coalesce(sum(${eventRegistrations.guests}) filter (where ${HOLDING}), 0)::int`,
      waiting: sql<number>`(count(*) filter (where ${eventRegistrations.seatStatus} = 'waitlisted'))::int`,
    })
    .from(eventRegistrations)
    .where(
      and(
        isAnyOf(eventRegistrations.eventId, eventIds, 'uuid'),
        isAnyOf(eventRegistrations.occurrenceKey, [...new Set(occurrenceKeys)], 'text'),
      ),
    )
    .groupBy(eventRegistrations.eventId, eventRegistrations.occurrenceKey);
}

export async function listRegistrations(db: Executor, eventId: string, occurrenceKey: string) {
  return db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.occurrenceKey, occurrenceKey),
      ),
    )
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}

/**
 * Inserts a registration unless the address already has one for this occurrence (then
 * nothing happens and nothing is returned: the caller decides what a repeat may do).
 */
export async function insertRegistration(
  db: Executor,
  values: typeof eventRegistrations.$inferInsert,
): Promise<RegistrationRow | undefined> {
  const [row] = await insertRegistrations(db, [values]);
  return row;
}

/**
 * `insertRegistration` for several, in one statement and in their order (so their
 * `queued_at` is their order here); a row whose address already has a registration for its
 * occurrence is left out of the answer.
 */
export async function insertRegistrations(
  db: Executor,
  rows: (typeof eventRegistrations.$inferInsert)[],
): Promise<RegistrationRow[]> {
  if (rows.length === 0) return [];
  return insertRows(db, eventRegistrations, rows, { onConflictDoNothing: true });
}

/** The registration of an address for an occurrence, locked for this transaction. */
export async function lockRegistrationOf(
  db: Executor,
  key: { eventId: string; occurrenceKey: string; email: string },
) {
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, key.eventId),
        eq(eventRegistrations.occurrenceKey, key.occurrenceKey),
        sql`lower(${eventRegistrations.email}) = lower(${key.email})`,
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/**
 * The registration whose manage link has this hash, its newest or an earlier one (see
 * `registrationLinks`), optionally locked.
 */
export async function findRegistrationByToken(db: Executor, tokenHash: string, lock = false) {
  const byToken = or(
    eq(eventRegistrations.manageTokenHash, tokenHash),
    inArray(
      eventRegistrations.id,
      db
        .select({ id: registrationLinks.registrationId })
        .from(registrationLinks)
        .where(eq(registrationLinks.tokenHash, tokenHash)),
    ),
  );
  const [row] = await db.select().from(eventRegistrations).where(byToken).limit(1);
  if (!row || !lock) return row;
  // Locked by its id, then the link checked again by a statement that sees what committed
  // meanwhile. Locking by the link itself lost the row when a mail gave it a fresh link at
  // that moment: the lock waited, the row came back with the new hash, and the earlier one,
  // stored in `registrationLinks` by that same change, was not yet seen.
  const locked = await findRegistration(db, row.id, true);
  if (!locked) return undefined;
  const [still] = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, row.id), byToken));
  return still ? locked : undefined;
}

export async function updateRegistration(
  db: Executor,
  id: string,
  values: Partial<typeof eventRegistrations.$inferInsert>,
): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set(values)
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row!;
}

/** Stops the earlier manage links of a registration from working; its newest one stays. */
export async function forgetEarlierLinks(db: Executor, registrationId: string): Promise<void> {
  await db.delete(registrationLinks).where(eq(registrationLinks.registrationId, registrationId));
}

export async function deleteRegistration(db: Executor, id: string): Promise<void> {
  await db.delete(eventRegistrations).where(eq(eventRegistrations.id, id));
}

/** Registrations of one occurrence, or of every occurrence from `fromKey` on. */
export async function deleteRegistrations(
  db: Executor,
  eventId: string,
  key: string,
  following = false,
): Promise<void> {
  await db
    .delete(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        following
          ? gte(eventRegistrations.occurrenceKey, key)
          : eq(eventRegistrations.occurrenceKey, key),
      ),
    );
}

/** The occurrence keys a series has registrations under. */
/** Every registration of an event or series, its occurrences' included. */
export async function registrationsOf(db: Executor, eventId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.occurrenceKey), asc(eventRegistrations.createdAt));
}

export async function registrationKeys(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: eventRegistrations.occurrenceKey })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return rows.map((r) => r.key);
}

/** The registrations with these ids, earliest first. */
export async function registrationsByIds(db: Executor, ids: string[]): Promise<RegistrationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(eventRegistrations)
    .where(isAnyOf(eventRegistrations.id, ids, 'uuid'))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}

/** The outbox's kind of a registrant's mail (`registration-mail.ts` composes it). */
export const REGISTRATION_MAIL = 'registration';

/** The outbox's kind of the one mail of a registration for every date of a series. */
export const SERIES_REGISTRATION_MAIL = 'series-registration';

/** What a series registration's row holds: the party as sent and each date's registration. */
export interface SeriesMailParams {
  seriesId: string;
  name: string;
  email: string;
  guests: number;
  /** In date order; `already`: the address had registered for that date, nothing changed. */
  dates: { registrationId: string; already: boolean }[];
  /** The registration whose invoice bills the seated dates, when they are priced. */
  invoiceRegistrationId: string | null;
}

/** The outbox's kind of the confirmation of a ticket paid online (`registration-mail.ts`). */
export const TICKET_PAID_MAIL = 'ticket-paid';

/** What a paid ticket's confirmation row holds: the registration and the invoice it paid. */
export interface TicketPaidMailParams {
  registrationId: string;
  invoiceId: string;
}

export async function findRegistration(db: Executor, id: string, lock = false) {
  const byId = eq(eventRegistrations.id, id);
  const [row] = lock
    ? await db.select().from(eventRegistrations).where(byId).for('update').limit(1)
    : await db.select().from(eventRegistrations).where(byId).limit(1);
  return row;
}
