import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { eventRegistrations, type Executor } from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';

export type RegistrationRow = typeof eventRegistrations.$inferSelect;

export interface RegistrationCount {
  eventId: string;
  occurrenceKey: string;
  registrations: number;
  people: number;
}

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
      registrations: sql<number>`count(*)::int`,
      people: sql<number>`coalesce(sum(${eventRegistrations.guests}), 0)::int`,
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
 * Inserts a registration, or updates the one of the same address for the same occurrence;
 * `inserted` tells which (xmax is 0 only for a freshly inserted row).
 */
export async function upsertRegistration(
  db: Executor,
  v: typeof eventRegistrations.$inferInsert & { updatedAt: Date },
): Promise<{ row: RegistrationRow; inserted: boolean }> {
  const {
    rows: [result],
  } = await db.execute<{ id: string; inserted: boolean }>(sql`
    insert into event_registrations
      (event_id, occurrence_key, name, email, phone, guests, notes, user_id, created_at, updated_at)
    values (${v.eventId}, ${v.occurrenceKey}, ${v.name}, ${v.email}, ${v.phone ?? null},
      ${v.guests}, ${v.notes ?? null}, ${v.userId ?? null}, ${v.updatedAt.toISOString()},
      ${v.updatedAt.toISOString()})
    on conflict (event_id, occurrence_key, lower(email)) do update set
      name = excluded.name, phone = excluded.phone, guests = excluded.guests,
      notes = excluded.notes, user_id = coalesce(excluded.user_id, event_registrations.user_id),
      updated_at = excluded.updated_at
    returning id, (xmax = 0) as inserted`);
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, result!.id));
  return { row: row!, inserted: result!.inserted };
}

/** Moves registrations between occurrences, e.g. after a series moved or split. */
export async function moveRegistrations(
  db: Executor,
  moves: { fromEvent: string; fromKey: string; toEvent: string; toKey: string }[],
): Promise<void> {
  if (moves.length === 0) return;
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
