import { and, asc, count, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { businessInvitations, businessPeople, contacts, type Executor, users } from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';

export type PersonRow = typeof businessPeople.$inferSelect;
export type InvitationRow = typeof businessInvitations.$inferSelect;

/** The people of a business: the primary person first, then by when they joined. */
export function listPeople(db: Executor, contactId: string) {
  return db
    .select()
    .from(businessPeople)
    .where(eq(businessPeople.contactId, contactId))
    .orderBy(
      sql`${businessPeople.role} <> 'primary'`,
      asc(businessPeople.createdAt),
      asc(businessPeople.id),
    );
}

/** One person of a business; `lock` takes it for a change in the caller's transaction. */
export async function findPerson(db: Executor, contactId: string, personId: string, lock = false) {
  const query = db
    .select()
    .from(businessPeople)
    .where(and(eq(businessPeople.contactId, contactId), eq(businessPeople.id, personId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The person a login is of a business, if it is one. */
export async function personOfLogin(db: Executor, contactId: string, userId: string) {
  const [row] = await db
    .select()
    .from(businessPeople)
    .where(and(eq(businessPeople.contactId, contactId), eq(businessPeople.userId, userId)))
    .limit(1);
  return row;
}

/** Locks every person of a business (a hand-over of the primary role). */
export async function lockPeople(db: Executor, contactId: string) {
  return db
    .select({ id: businessPeople.id })
    .from(businessPeople)
    .where(eq(businessPeople.contactId, contactId))
    .for('update');
}

/** Whether the business has a person with this address (their own, or their sign-in's). */
export async function hasPersonWithAddress(db: Executor, contactId: string, email: string) {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from ${businessPeople} p left join ${users} u on u.id = p.user_id
      where p.contact_id = ${contactId}
        and (lower(p.email) = lower(${email}) or lower(u.email) = lower(${email}))
    ) as found`);
  return rows[0]!.found;
}

export async function countPeople(db: Executor, contactId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(businessPeople)
    .where(eq(businessPeople.contactId, contactId));
  return row?.n ?? 0;
}

export async function insertPerson(db: Executor, values: typeof businessPeople.$inferInsert) {
  const [row] = await db.insert(businessPeople).values(values).returning();
  return row!;
}

export async function updatePerson(
  db: Executor,
  id: string,
  values: Partial<typeof businessPeople.$inferInsert>,
) {
  const [row] = await db
    .update(businessPeople)
    .set(values)
    .where(eq(businessPeople.id, id))
    .returning();
  return row!;
}

export async function deletePerson(db: Executor, id: string) {
  await db.delete(businessPeople).where(eq(businessPeople.id, id));
}

/** The business's contact fields the primary person's name, address and phone fill. */
export async function setContactPerson(
  db: Executor,
  contactId: string,
  person: Pick<PersonRow, 'firstName' | 'lastName' | 'email' | 'phone'>,
  now: Date,
) {
  await db
    .update(contacts)
    .set({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      updatedAt: now,
    })
    .where(eq(contacts.id, contactId));
}

/** Invitations still open (not accepted, withdrawn or expired), newest first, with who sent them. */
export function openInvitations(db: Executor, contactId: string, now: Date) {
  return db
    .select({
      invitation: businessInvitations,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(businessInvitations)
    .leftJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(
      and(
        eq(businessInvitations.contactId, contactId),
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.withdrawnAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${businessInvitations.createdAt} desc`, asc(businessInvitations.id));
}

/** An open invitation of the business to this address, if there is one. */
export async function openInvitationTo(db: Executor, contactId: string, email: string, now: Date) {
  const [row] = await db
    .select({ id: businessInvitations.id })
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.contactId, contactId),
        sql`lower(${businessInvitations.email}) = lower(${email})`,
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.withdrawnAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** How many invitations the business sent since `since`, withdrawn ones too. */
export async function invitationsSince(db: Executor, contactId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(businessInvitations)
    .where(
      and(eq(businessInvitations.contactId, contactId), gte(businessInvitations.createdAt, since)),
    );
  return row?.n ?? 0;
}

export async function insertInvitation(
  db: Executor,
  values: typeof businessInvitations.$inferInsert,
) {
  const [row] = await db.insert(businessInvitations).values(values).returning();
  return row!;
}

/** An invitation of the business, by its id. */
export async function findInvitation(db: Executor, contactId: string, id: string) {
  const [row] = await db
    .select()
    .from(businessInvitations)
    .where(and(eq(businessInvitations.contactId, contactId), eq(businessInvitations.id, id)))
    .limit(1);
  return row;
}

/** An invitation by its id, with the business's name (the mail's composer). */
export async function invitationWithBusiness(db: Executor, id: string) {
  const [row] = await db
    .select({
      invitation: businessInvitations,
      businessName: contacts.businessName,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(businessInvitations)
    .innerJoin(contacts, eq(contacts.id, businessInvitations.contactId))
    .leftJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(eq(businessInvitations.id, id))
    .limit(1);
  return row;
}

/** An invitation by its token's hash, with the business's name; `lock` for an acceptance. */
export async function invitationByToken(db: Executor, tokenHash: string, lock = false) {
  const query = db
    .select({ invitation: businessInvitations, businessName: contacts.businessName })
    .from(businessInvitations)
    .innerJoin(contacts, eq(contacts.id, businessInvitations.contactId))
    .where(eq(businessInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: businessInvitations }) : await query;
  return row;
}

/**
 * Gives a still open invitation a new token's hash (its mail's link, made as it is mailed);
 * false when it is no longer open.
 */
export async function renewInvitationToken(db: Executor, id: string, tokenHash: string, now: Date) {
  const rows = await db
    .update(businessInvitations)
    .set({ tokenHash })
    .where(
      and(
        eq(businessInvitations.id, id),
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.withdrawnAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .returning({ id: businessInvitations.id });
  return rows.length > 0;
}

export async function updateInvitation(
  db: Executor,
  id: string,
  values: Partial<typeof businessInvitations.$inferInsert>,
) {
  await db.update(businessInvitations).set(values).where(eq(businessInvitations.id, id));
}

/** A login by its address (case-insensitive). */
export async function loginByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** A login, locked for a change of the business it acts for. */
export async function lockLogin(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

/** A new active login (an invitation's link proved its address). */
export async function insertLogin(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Makes a login act for a business (one it is a person of), or for none. */
export async function setActingFor(
  db: Executor,
  userId: string,
  contactId: string | null,
  now: Date,
) {
  await db.update(users).set({ contactId, updatedAt: now }).where(eq(users.id, userId));
}

/** The businesses a login is a person of, with its role in each, by business name. */
export function businessesOfLogin(db: Executor, userId: string) {
  return db
    .select({
      contactId: businessPeople.contactId,
      role: businessPeople.role,
      businessName: contacts.businessName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(businessPeople)
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .where(eq(businessPeople.userId, userId))
    .orderBy(asc(contacts.businessName), asc(businessPeople.contactId));
}

/** Another business the login is a person of than `except`, the one it joined first. */
export async function otherBusinessOf(db: Executor, userId: string, except: string) {
  const [row] = await db
    .select({ contactId: businessPeople.contactId })
    .from(businessPeople)
    .where(and(eq(businessPeople.userId, userId), ne(businessPeople.contactId, except)))
    .orderBy(asc(businessPeople.createdAt), asc(businessPeople.id))
    .limit(1);
  return row?.contactId ?? null;
}

export async function businessExists(db: Executor, contactId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row !== undefined;
}

/**
 * A business as another module names it (a sponsor, a buyer): its display name, and the
 * login's role among its people when `userId` is given (null when it is none of them).
 */
export async function businessForLogin(db: Executor, contactId: string, userId: string | null) {
  const [row] = await db
    .select({
      contactId: contacts.id,
      businessName: contacts.businessName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!row) return null;
  const [person] = userId
    ? await db
        .select({ role: businessPeople.role })
        .from(businessPeople)
        .where(and(eq(businessPeople.contactId, contactId), eq(businessPeople.userId, userId)))
    : [];
  const name = row.businessName?.trim() || `${row.firstName} ${row.lastName}`.trim();
  return { contactId: row.contactId, name, role: person?.role ?? null };
}

/** The businesses' names (the business name, else its primary person's), by id. */
export async function businessNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: contacts.id,
      businessName: contacts.businessName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(isAnyOf(contacts.id, ids, 'uuid'));
  return new Map(
    rows.map((r) => [r.id, r.businessName?.trim() || `${r.firstName} ${r.lastName}`.trim()]),
  );
}
