import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { slotHoldingStatuses } from '@chamber/contract';
import {
  businessPeople,
  celebrationAmbassadors,
  celebrations,
  celebrationSettings,
  contacts,
  type Executor,
  users,
} from '@chamber/db';

export type CelebrationRow = typeof celebrations.$inferSelect;
export type CelebrationInsert = typeof celebrations.$inferInsert;

const holding = inArray(celebrations.status, [...slotHoldingStatuses]);

export async function getSettings(db: Executor): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(celebrationSettings).where(eq(celebrationSettings.id, 1));
  return row?.rules ?? null;
}

export async function putSettings(db: Executor, rules: Record<string, unknown>, now: Date) {
  await db
    .insert(celebrationSettings)
    .values({ id: 1, rules, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: celebrationSettings.id, set: { rules, updatedAt: now } });
}

/** The starts of the slots held (pending, proposed, confirmed) in [from, to). */
export async function heldStarts(db: Executor, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ start: celebrations.slotStart })
    .from(celebrations)
    .where(and(holding, gte(celebrations.slotStart, from), lt(celebrations.slotStart, to)));
  return rows.map((r) => r.start);
}

/** The business's bookings holding a slot in [from, to), for the yearly count. */
export async function countHeld(
  db: Executor,
  contactId: string,
  from: Date,
  to: Date,
  except: string | null = null,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(celebrations)
    .where(
      and(
        holding,
        eq(celebrations.contactId, contactId),
        gte(celebrations.slotStart, from),
        lt(celebrations.slotStart, to),
        except ? sql`${celebrations.id} <> ${except}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Locks the business's contact row: its bookings are counted and added one at a time. */
export async function lockContact(db: Executor, contactId: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId)).for('update');
  return row;
}

export async function insert(db: Executor, values: CelebrationInsert): Promise<CelebrationRow> {
  const [row] = await db.insert(celebrations).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: string, values: Partial<CelebrationInsert>) {
  await db.update(celebrations).set(values).where(eq(celebrations.id, id));
}

export async function lock(db: Executor, id: string): Promise<CelebrationRow | undefined> {
  const [row] = await db.select().from(celebrations).where(eq(celebrations.id, id)).for('update');
  return row;
}

const viewColumns = {
  celebration: celebrations,
  contact: contacts,
  bookerEmail: users.email,
  bookerFirstName: users.firstName,
};

export type CelebrationView = {
  celebration: CelebrationRow;
  contact: typeof contacts.$inferSelect;
  bookerEmail: string | null;
  bookerFirstName: string | null;
};

function viewQuery(db: Executor) {
  return db
    .select(viewColumns)
    .from(celebrations)
    .innerJoin(contacts, eq(contacts.id, celebrations.contactId))
    .leftJoin(users, eq(users.id, celebrations.bookedBy));
}

export async function find(db: Executor, id: string): Promise<CelebrationView | undefined> {
  const [row] = await viewQuery(db).where(eq(celebrations.id, id));
  return row;
}

/** The confirmed celebration an event on the calendar is, if any. */
export async function ofEvent(db: Executor, eventId: string): Promise<CelebrationView | undefined> {
  const [row] = await viewQuery(db)
    .where(and(eq(celebrations.eventId, eventId), eq(celebrations.status, 'confirmed')))
    .limit(1);
  return row;
}

export async function ofContact(db: Executor, contactId: string): Promise<CelebrationView[]> {
  return viewQuery(db)
    .where(eq(celebrations.contactId, contactId))
    .orderBy(asc(celebrations.slotStart))
    .limit(100);
}

export async function inStatus(
  db: Executor,
  status: string | undefined,
  from: Date,
): Promise<CelebrationView[]> {
  return viewQuery(db)
    .where(status ? eq(celebrations.status, status) : gte(celebrations.slotStart, from))
    .orderBy(asc(celebrations.slotStart))
    .limit(200);
}

/** Confirmed celebrations of a business from `from` on, for its member page. */
export async function confirmedOf(db: Executor, contactId: string, from: Date) {
  return db
    .select()
    .from(celebrations)
    .where(
      and(
        eq(celebrations.contactId, contactId),
        eq(celebrations.status, 'confirmed'),
        gte(celebrations.slotStart, from),
      ),
    )
    .orderBy(asc(celebrations.slotStart))
    .limit(20);
}

/** Confirmed celebrations starting in [from, to) whose reminder is still to queue. */
export async function dueReminders(db: Executor, which: 'early' | 'late', from: Date, to: Date) {
  const column = which === 'early' ? celebrations.remindedEarlyAt : celebrations.remindedLateAt;
  return db
    .select({ id: celebrations.id })
    .from(celebrations)
    .where(
      and(
        eq(celebrations.status, 'confirmed'),
        sql`${column} is null`,
        gte(celebrations.slotStart, from),
        lt(celebrations.slotStart, to),
      ),
    )
    .for('update', { skipLocked: true });
}

/** The ambassadors, people of members' businesses, with their business and login address. */
export async function ambassadors(db: Executor) {
  return db
    .select({
      personId: businessPeople.id,
      contactId: businessPeople.contactId,
      firstName: businessPeople.firstName,
      lastName: businessPeople.lastName,
      businessName: contacts.businessName,
      email: businessPeople.email,
      loginEmail: users.email,
    })
    .from(celebrationAmbassadors)
    .innerJoin(businessPeople, eq(businessPeople.id, celebrationAmbassadors.personId))
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .leftJoin(users, eq(users.id, businessPeople.userId))
    .orderBy(asc(businessPeople.lastName), asc(businessPeople.firstName), asc(businessPeople.id));
}

export async function setAmbassador(
  db: Executor,
  personId: string,
  on: boolean,
  addedBy: string,
  now: Date,
) {
  if (on) {
    await db
      .insert(celebrationAmbassadors)
      .values({ personId, addedBy, createdAt: now })
      .onConflictDoNothing();
  } else {
    await db.delete(celebrationAmbassadors).where(eq(celebrationAmbassadors.personId, personId));
  }
}

/** A person of a member business, by id: its name, for the audit trail. */
export async function person(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: businessPeople.id,
      firstName: businessPeople.firstName,
      lastName: businessPeople.lastName,
    })
    .from(businessPeople)
    .where(eq(businessPeople.id, id));
  return row ?? null;
}
