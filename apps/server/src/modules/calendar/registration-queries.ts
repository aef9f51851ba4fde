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
 * Inserts a registration unless the address already has one for this occurrence (then
 * nothing happens and nothing is returned: the caller decides what a repeat may do).
 */
export async function insertRegistration(
  db: Executor,
  values: typeof eventRegistrations.$inferInsert,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .insert(eventRegistrations)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
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

/** The registration whose manage link has this hash, optionally locked. */
export async function findRegistrationByToken(db: Executor, tokenHash: string, lock = false) {
  const byToken = eq(eventRegistrations.manageTokenHash, tokenHash);
  const [row] = lock
    ? await db.select().from(eventRegistrations).where(byToken).for('update').limit(1)
    : await db.select().from(eventRegistrations).where(byToken).limit(1);
  return row;
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

export async function deleteRegistration(db: Executor, id: string): Promise<void> {
  await db.delete(eventRegistrations).where(eq(eventRegistrations.id, id));
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

/** The registrations with these ids, earliest first. */
export async function registrationsByIds(db: Executor, ids: string[]): Promise<RegistrationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(eventRegistrations)
    .where(isAnyOf(eventRegistrations.id, ids, 'uuid'))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}
