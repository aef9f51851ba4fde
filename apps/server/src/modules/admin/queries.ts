import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserStatus } from '@chamber/contract';
import { auditLog, contacts, eventRegistrations, users, type Executor } from '@chamber/db';
import { lockSeatsOfUser } from '../calendars/index.js';

export type UserRow = typeof users.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export interface AccountRow {
  user: UserRow;
  contact: ContactRow | null;
}

function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UserFilter {
  search?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
}

function userWhere({ search, role, status }: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
        ilike(contacts.businessName, pattern),
      ),
    );
  }
  if (role) conditions.push(eq(users.role, role));
  if (status) conditions.push(eq(users.status, status));
  return and(...conditions);
}

/** Newest accounts first, the id breaking ties so offset pages never overlap. */
export async function listUsers(
  db: Executor,
  filter: UserFilter & { limit: number; offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = userWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({ user: users, contact: contacts })
      .from(users)
      .leftJoin(contacts, eq(contacts.id, users.contactId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(contacts, eq(contacts.id, users.contactId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Every account the filter matches, in the list's order: the CSV export. */
export async function listAllUsers(db: Executor, filter: UserFilter): Promise<AccountRow[]> {
  return db
    .select({ user: users, contact: contacts })
    .from(users)
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .where(userWhere(filter))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** A login's contact, locked for a change in this transaction (the login is locked first). */
export async function lockContact(db: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).for('update');
  return row;
}

/**
 * Active admins other than `exceptId`, locked, so two admins demoting each other at once
 * cannot both pass the last-admin check.
 */
export async function otherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

export async function insertContact(db: Executor, values: typeof contacts.$inferInsert) {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

export async function updateContact(
  db: Executor,
  id: string,
  values: Partial<typeof contacts.$inferInsert>,
) {
  const [row] = await db.update(contacts).set(values).where(eq(contacts.id, id)).returning();
  return row!;
}

/**
 * Removes the login and everything that is the person's: sessions and codes go with the
 * login (cascade), their event registrations and their directory contact are deleted; events
 * they organised stay on the calendar without an organiser (set null).
 */
export async function deleteAccount(db: Executor, account: AccountRow) {
  // Their occurrences' seat locks first, as every path that changes registrations takes them.
  await lockSeatsOfUser(db, account.user.id);
  await db.delete(eventRegistrations).where(eq(eventRegistrations.userId, account.user.id));
  await db.delete(users).where(eq(users.id, account.user.id));
  if (account.contact) await db.delete(contacts).where(eq(contacts.id, account.contact.id));
}

export async function stats(db: Executor) {
  const {
    rows: [row],
  } = await db.execute<{
    total: number;
    active: number;
    pending: number;
    suspended: number;
    admin: number;
    moderator: number;
    member: number;
    elite: number;
    enhanced: number;
    standard: number;
  }>(sql`
    select
      count(*)::int as total,
      count(*) filter (where u.status = 'active')::int as active,
      count(*) filter (where u.status = 'pending')::int as pending,
      count(*) filter (where u.status = 'suspended')::int as suspended,
      count(*) filter (where u.role = 'admin')::int as admin,
      count(*) filter (where u.role = 'moderator')::int as moderator,
      count(*) filter (where u.role = 'member')::int as member,
      count(*) filter (where c.membership_tier = 'elite')::int as elite,
      count(*) filter (where c.membership_tier = 'enhanced')::int as enhanced,
      count(*) filter (where coalesce(c.membership_tier, 'standard') = 'standard')::int as standard
    from users u left join contacts c on c.id = u.contact_id`);
  return row!;
}

export async function listAudit(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { rows, total: count?.total ?? 0 };
}
