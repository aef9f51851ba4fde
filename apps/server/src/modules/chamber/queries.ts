import { asc, eq } from 'drizzle-orm';
import { calendars, chambers, type Executor } from '@chamber/db';

export type ChamberRow = typeof chambers.$inferSelect;

export async function findChamber(db: Executor, id: string): Promise<ChamberRow | undefined> {
  const [row] = await db.select().from(chambers).where(eq(chambers.id, id)).limit(1);
  return row;
}

/** The chamber's row locked for an update in this transaction. */
export async function lockChamber(db: Executor, id: string): Promise<ChamberRow | undefined> {
  const [row] = await db.select().from(chambers).where(eq(chambers.id, id)).for('update');
  return row;
}

export async function updateChamber(
  db: Executor,
  id: string,
  values: Partial<typeof chambers.$inferInsert>,
): Promise<ChamberRow> {
  const [row] = await db.update(chambers).set(values).where(eq(chambers.id, id)).returning();
  return row!;
}

/** The portal's chamber: the first one made (a portal serves one chamber). */
export async function firstChamber(db: Executor): Promise<ChamberRow | undefined> {
  const [row] = await db.select().from(chambers).orderBy(asc(chambers.createdAt)).limit(1);
  return row;
}

/** The portal's chamber with its first calendar, for the web app's start-up config. */
export async function firstChamberAndCalendar(db: Executor) {
  const [row] = await db
    .select({ chamberId: chambers.id, calendarId: calendars.id, name: chambers.name })
    .from(chambers)
    .leftJoin(calendars, eq(calendars.locationId, chambers.id))
    .orderBy(chambers.createdAt, calendars.createdAt)
    .limit(1);
  return row;
}
