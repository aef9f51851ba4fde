import { and, asc, eq, sql } from 'drizzle-orm';
import { eventRegistrations, eventSeats, type Executor, mailOutbox } from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';
import { HOLDING, REGISTRATION_MAIL, type RegistrationRow } from './registration-queries.js';

/**
 * Seats of an occurrence: their lock, who takes them and who waits (the SQL of
 * takeSeatsOrQueue and the offer job). Registrations themselves are in registration-queries.ts.
 */

/** The key of one occurrence's seats (a single event's occurrenceKey is ''). */
export interface SeatKey {
  eventId: string;
  occurrenceKey: string;
}

const ofOccurrence = (key: SeatKey) =>
  and(
    eq(eventRegistrations.eventId, key.eventId),
    eq(eventRegistrations.occurrenceKey, key.occurrenceKey),
  );

/**
 * Takes the lock of an occurrence's seats until the transaction ends: its `event_seats` row
 * (made here, at 0, for an occurrence nobody holds seats of yet). Everything that counts
 * seats and then takes or frees them does so under it, so two registrations for the last
 * seat are counted one after the other; `takeSeatsOrQueue` locks the same row. Take it before
 * locking any registration row of the occurrence (always in that order: no deadlock).
 */
export async function lockSeats(db: Executor, key: SeatKey): Promise<void> {
  await db.execute(sql`
    insert into ${eventSeats} (event_id, occurrence_key) values (${key.eventId}, ${key.occurrenceKey})
    on conflict (event_id, occurrence_key) do update set taken = ${eventSeats}.taken`);
}

/**
 * The parties waiting for an occurrence, from its counter row (kept by the registrations'
 * trigger): read under the seat lock, it includes the parties queued so far in the caller's
 * transaction, every one of them behind all the others.
 */
export async function waitingCount(db: Executor, key: SeatKey): Promise<number> {
  const [row] = await db
    .select({ waiting: eventSeats.waiting })
    .from(eventSeats)
    .where(
      and(eq(eventSeats.eventId, key.eventId), eq(eventSeats.occurrenceKey, key.occurrenceKey)),
    );
  return row?.waiting ?? 0;
}

/**
 * The seat locks of every occurrence of these events that has a counter row, taken in one
 * order (event, then occurrence key, as a series registration takes its dates), before a
 * change that moves or deletes many registrations at once: its trigger would otherwise take
 * them after the registration rows, the reverse of everyone else's order.
 */
export async function lockSeatsOfEvents(db: Executor, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .select({ eventId: eventSeats.eventId })
    .from(eventSeats)
    .where(isAnyOf(eventSeats.eventId, [...new Set(eventIds)], 'uuid'))
    .orderBy(asc(eventSeats.eventId), asc(eventSeats.occurrenceKey))
    .for('update');
}

/** The seat locks of the occurrences a person has registrations for, in the same order. */
export async function lockSeatsOfUser(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    select 1 from ${eventSeats} s
    where (s.event_id, s.occurrence_key) in (
      select event_id, occurrence_key from ${eventRegistrations} where user_id = ${userId})
    order by s.event_id, s.occurrence_key
    for update of s`);
}

/** What the statement that took a new registration did with it. */
export type SeatAttempt =
  /**
   * Registered: seated (`confirmed`) or on the waiting list, with the occurrence's counts
   * right after it, read from the counter row under its lock.
   */
  | {
      kind: 'saved';
      id: string;
      seatStatus: 'confirmed' | 'waitlisted';
      queuedAt: number;
      tally: OccurrenceTally;
    }
  /** The address has a registration for the occurrence: the locked path decides. */
  | { kind: 'exists' }
  /** Seats to settle first: an offer or hold ran out, or a waiting party fits. */
  | { kind: 'unsettled' };

/** A new party for `takeSeatsOrQueue`, asking at `now`. */
export interface NewParty {
  values: Pick<RegistrationRow, 'name' | 'email' | 'phone' | 'guests' | 'notes' | 'userId'> & {
    manageTokenHash: string;
  };
  now: Date;
  /**
   * The params of the party's registration mail, without the row's id and seats, which the
   * statement adds: the mail is written to the outbox by the same statement as the row.
   */
  mail?: Record<string, unknown>;
}

/**
 * New registrations for one occurrence in one statement, which is its own transaction: the
 * database function `take_seats_or_queue` (migration 0030) locks the occurrence's counter row
 * (as `lockSeats` does, making it at 0 if need be) and, if nothing waits to be settled,
 * inserts the parties in the order given, each seated when it fits the seats left and
 * waiting otherwise; the insert's trigger moves the counter. The lock is held for this
 * statement only, not for round trips to the portal, and a rush of parties passes it once.
 * Nothing is written for a party whose outcome is not `saved`. A party that fits takes seats
 * a waiting party does not (one too big for them), as after settling: settling would leave
 * those seats free. Answers one attempt per party, in the order given.
 */
export async function takeSeatsOrQueue(
  db: Executor,
  key: SeatKey,
  capacity: number | null,
  parties: readonly NewParty[],
): Promise<SeatAttempt[]> {
  const sent = parties.map(({ values: v, now, mail }) => ({
    name: v.name,
    email: v.email,
    phone: v.phone,
    guests: v.guests,
    notes: v.notes,
    user_id: v.userId,
    manage_token_hash: v.manageTokenHash,
    at: now.toISOString(),
    mail: mail ?? null,
  }));
  const { rows } = await db.execute<{
    out_ord: number;
    out_id: string | null;
    out_seat_status: string | null;
    out_queued_at: string | null;
    out_taken: number;
    out_parties: number;
    out_waiting: number;
  }>(sql`with taken as materialized (
      select * from take_seats_or_queue(${key.eventId}::uuid, ${key.occurrenceKey},
        ${capacity}::int, ${JSON.stringify(sent)}::jsonb)
    ), mailed as (
      insert into ${mailOutbox} (kind, params, next_attempt_at, created_at)
      select ${REGISTRATION_MAIL},
        party.value->'mail' || jsonb_build_object('registrationId', taken.out_id,
          'seatStatus', taken.out_seat_status, 'queuedAt', taken.out_queued_at,
          'place', case when taken.out_seat_status = 'waitlisted'
            then taken.out_waiting + 1 end),
        (party.value->>'at')::timestamptz, (party.value->>'at')::timestamptz
      from taken
      join jsonb_array_elements(${JSON.stringify(sent)}::jsonb) with ordinality as party(value, ord)
        on party.ord = taken.out_ord
      where taken.out_id is not null and jsonb_typeof(party.value->'mail') = 'object'
    )
    select * from taken`);
  // No answer at all: seats to settle first, for every party.
  const attempts: SeatAttempt[] = parties.map(() => ({ kind: 'unsettled' }));
  for (const row of rows) {
    const i = Number(row.out_ord) - 1;
    if (!row.out_id) {
      attempts[i] = { kind: 'exists' };
      continue;
    }
    // The counts before this party, under the lock: every party counted there was queued
    // before it (a waiting party is only ever written under the same lock).
    const seated = row.out_seat_status === 'confirmed';
    const guests = parties[i]!.values.guests;
    attempts[i] = {
      kind: 'saved',
      id: row.out_id,
      seatStatus: seated ? 'confirmed' : 'waitlisted',
      queuedAt: Number(row.out_queued_at),
      tally: {
        taken: row.out_taken + (seated ? guests : 0),
        people: row.out_taken + (seated ? guests : 0),
        registrations: row.out_parties + (seated ? 1 : 0),
        waiting: row.out_waiting + (seated ? 0 : 1),
        position: seated ? null : row.out_waiting + 1,
      },
    };
  }
  return attempts;
}

/**
 * Seat-takers: confirmed, or offered or held and not yet expired. Written with the condition
 * of the seat-holders' index (`event_registrations_holders_idx`) on its own, so that the
 * planner reads that index (an occurrence's holders, at most its capacity) and not every
 * registration of the occurrence, waiting list included, as it did when the statistics had
 * not yet seen a rush.
 */
export const takesSeats = (now: Date) =>
  sql`(${eventRegistrations.seatStatus} in ('confirmed', 'offered', 'held') and (${eventRegistrations.seatStatus} = 'confirmed' or ${eventRegistrations.holdUntil} > ${now.toISOString()}::timestamptz))`;

/** People holding seats of an occurrence, besides the registration `except`. */
export async function seatsTaken(
  db: Executor,
  key: SeatKey,
  now: Date,
  except?: string,
): Promise<number> {
  const [row] = await db
    .select({ people: sql<number>`coalesce(sum(${eventRegistrations.guests}), 0)::int` })
    .from(eventRegistrations)
    .where(
      and(
        ofOccurrence(key),
        takesSeats(now),
        except ? sql`${eventRegistrations.id} <> ${except}` : undefined,
      ),
    );
  return row?.people ?? 0;
}

/**
 * Under the seat lock, in one statement: the offers and holds whose time ran out lapse, and
 * the seats taken and whether anyone waits are counted. The counts read the rows as they
 * were before the lapse, which changes neither: a lapsing row's time has run out, so it
 * took no seat, and it was not waiting. One round trip instead of three for every
 * registration, while the lock makes the others wait.
 */
export async function lapseAndCount(
  db: Executor,
  key: SeatKey,
  now: Date,
): Promise<{ taken: number; anyoneWaiting: boolean; unpaidInvoiceIds: string[] }> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ taken: number; waiting: boolean; unpaid: string[] }>(sql`
    with lapsed as (
      update ${eventRegistrations} set seat_status = 'lapsed', updated_at = ${at}::timestamptz
      where event_id = ${key.eventId} and occurrence_key = ${key.occurrenceKey}
        and seat_status in ('offered', 'held') and hold_until <= ${at}::timestamptz
      returning invoice_id
    )
    select
      (select coalesce(sum(guests), 0)::int from ${eventRegistrations}
        where event_id = ${key.eventId} and occurrence_key = ${key.occurrenceKey}
          and ${takesSeats(now)}) as taken,
      exists (select 1 from ${eventRegistrations}
        where event_id = ${key.eventId} and occurrence_key = ${key.occurrenceKey}
          and seat_status = 'waitlisted') as waiting,
      coalesce((select array_agg(distinct invoice_id::text) from lapsed
        where invoice_id is not null), '{}') as unpaid`);
  const row = rows[0]!;
  return { taken: row.taken, anyoneWaiting: row.waiting, unpaidInvoiceIds: row.unpaid };
}

/** The waiting list of an occurrence, first come first. */
export async function waitingParties(db: Executor, key: SeatKey): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(eventRegistrations)
    .where(and(ofOccurrence(key), eq(eventRegistrations.seatStatus, 'waitlisted')))
    .orderBy(asc(eventRegistrations.queuedAt));
}

/** What a registration's answer counts of its occurrence, in one read. */
export interface OccurrenceTally {
  /** People holding seats now (`seatsTaken`). */
  taken: number;
  /** Parties and people holding seats, and parties waiting, as the lists count them. */
  registrations: number;
  people: number;
  waiting: number;
  /** The place of `row` on the waiting list, or null when it is not waiting. */
  position: number | null;
}

/**
 * `seatsTaken`, the list's counts and `waitlistPosition` in one aggregate over the
 * occurrence's rows: a registration's answer needs all three, and reading every row of a
 * busy occurrence (thousands waiting) for them made each registration slower than the last.
 */
export async function occurrenceTally(
  db: Executor,
  row: RegistrationRow,
  now: Date,
): Promise<OccurrenceTally> {
  const waitlisted = sql`${eventRegistrations.seatStatus} = 'waitlisted'`;
  const [tally] = await db
    .select({
      taken: sql<number>`coalesce(sum(${eventRegistrations.guests}) filter (where ${takesSeats(now)}), 0)::int`,
      registrations: sql<number>`(count(*) filter (where ${HOLDING}))::int`,
      people: sql<number>`coalesce(sum(${eventRegistrations.guests}) filter (where ${HOLDING}), 0)::int`,
      waiting: sql<number>`(count(*) filter (where ${waitlisted}))::int`,
      ahead: sql<number>`(count(*) filter (where ${waitlisted} and ${eventRegistrations.queuedAt} < ${row.queuedAt}))::int`,
    })
    .from(eventRegistrations)
    .where(ofOccurrence(row));
  const { ahead = 0, ...counts } = tally ?? { taken: 0, registrations: 0, people: 0, waiting: 0 };
  return { ...counts, position: row.seatStatus === 'waitlisted' ? ahead + 1 : null };
}

/** 1 for the first party waiting, or null for a registration that is not waiting. */
export async function waitlistPosition(db: Executor, row: RegistrationRow): Promise<number | null> {
  if (row.seatStatus !== 'waitlisted') return null;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        ofOccurrence(row),
        // A literal, not a parameter: the condition of the queue's index, which is read alone.
        sql`${eventRegistrations.seatStatus} = 'waitlisted'`,
        sql`${eventRegistrations.queuedAt} < ${row.queuedAt}`,
      ),
    );
  return (ahead?.n ?? 0) + 1;
}

/** Occurrences with an offer or unpaid hold past its time, or a party waiting: the offer job's work. */
export async function occurrencesToSettle(db: Executor, now: Date): Promise<SeatKey[]> {
  return db
    .selectDistinct({
      eventId: eventRegistrations.eventId,
      occurrenceKey: eventRegistrations.occurrenceKey,
    })
    .from(eventRegistrations)
    .where(
      sql`${eventRegistrations.seatStatus} = 'waitlisted' or (${eventRegistrations.seatStatus} in ('offered', 'held') and ${eventRegistrations.holdUntil} <= ${now.toISOString()}::timestamptz)`,
    );
}

/** A registration that starts over (after a lapsed offer) goes to the end of the queue. */
export async function requeue(db: Executor, id: string): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ queuedAt: sql`nextval(pg_get_serial_sequence('event_registrations', 'queued_at'))` })
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row!;
}

/** Moves registrations between occurrences, e.g. after a series moved or split. */
export async function moveRegistrations(
  db: Executor,
  moves: { fromEvent: string; fromKey: string; toEvent: string; toKey: string }[],
): Promise<void> {
  if (moves.length === 0) return;
  await lockSeatsOfEvents(db, [...moves.map((m) => m.fromEvent), ...moves.map((m) => m.toEvent)]);
  // Two steps through a temporary key, so a shift by one occurrence never collides.
  for (const m of moves) {
    await db
      .update(eventRegistrations)
      .set({ eventId: m.toEvent, occurrenceKey: `moving:${m.toKey}` })
      .where(
        and(
          eq(eventRegistrations.eventId, m.fromEvent),
          eq(eventRegistrations.occurrenceKey, m.fromKey),
        ),
      );
  }
  await db
    .update(eventRegistrations)
    .set({ occurrenceKey: sql`substr(${eventRegistrations.occurrenceKey}, 8)` })
    .where(
      and(
        isAnyOf(eventRegistrations.eventId, [...new Set(moves.map((m) => m.toEvent))], 'uuid'),
        sql`${eventRegistrations.occurrenceKey} like 'moving:%'`,
      ),
    );
  // The counters the temporary keys got on the way (back at 0 now).
  await db
    .delete(eventSeats)
    .where(
      and(
        isAnyOf(eventSeats.eventId, [...new Set(moves.map((m) => m.toEvent))], 'uuid'),
        sql`${eventSeats.occurrenceKey} like 'moving:%'`,
      ),
    );
}
