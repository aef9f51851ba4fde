import { and, asc, count, eq } from 'drizzle-orm';
import { eventTicketTypes, type Executor } from '@chamber/db';

export type TicketTypeRow = typeof eventTicketTypes.$inferSelect;
export type TypeColumns = Omit<
  typeof eventTicketTypes.$inferInsert,
  'id' | 'eventId' | 'sold' | 'createdAt' | 'updatedAt'
>;

export function typesOfEvent(db: Executor, eventId: string): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.sortOrder), asc(eventTicketTypes.createdAt));
}

export async function countTypes(db: Executor, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId));
  return row?.n ?? 0;
}

export async function insertType(
  db: Executor,
  eventId: string,
  columns: TypeColumns,
): Promise<TicketTypeRow> {
  const [row] = await db
    .insert(eventTicketTypes)
    .values({ ...columns, eventId })
    .returning();
  return row!;
}

/** The type's row, locked: orders count its sales under the same lock. */
export async function lockType(
  db: Executor,
  eventId: string,
  typeId: string,
): Promise<TicketTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.id, typeId), eq(eventTicketTypes.eventId, eventId)))
    .for('update');
  return row;
}

export async function updateType(
  db: Executor,
  typeId: string,
  columns: TypeColumns,
  now: Date,
): Promise<TicketTypeRow> {
  const [row] = await db
    .update(eventTicketTypes)
    .set({ ...columns, updatedAt: now })
    .where(eq(eventTicketTypes.id, typeId))
    .returning();
  return row!;
}

export async function deleteType(db: Executor, typeId: string): Promise<void> {
  await db.delete(eventTicketTypes).where(eq(eventTicketTypes.id, typeId));
}

/** Sets how many tickets of a type are sold; the caller holds the type's row lock. */
export async function setSold(db: Executor, typeId: string, sold: number): Promise<void> {
  await db.update(eventTicketTypes).set({ sold }).where(eq(eventTicketTypes.id, typeId));
}

/** The event's types, each row locked (in one order: no deadlock between two orders). */
export function lockTypesOfEvent(db: Executor, eventId: string): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.id))
    .for('update');
}
