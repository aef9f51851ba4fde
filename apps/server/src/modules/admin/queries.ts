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
 * they organised stay on the calendar without an organiser (set null). Answers the events
 * whose registrations went, for their tickets to be recounted.
 */
export async function deleteAccount(db: Executor, account: AccountRow): Promise<string[]> {
  // Their occurrences' seat locks first, as every path that changes registrations takes them.
  await lockSeatsOfUser(db, account.user.id);
  const removed = await db
    .delete(eventRegistrations)
    .where(eq(eventRegistrations.userId, account.user.id))
    .returning({ eventId: eventRegistrations.eventId });
  await db.delete(users).where(eq(users.id, account.user.id));
  if (account.contact) await db.delete(contacts).where(eq(contacts.id, account.contact.id));
  return removed.map((r) => r.eventId);
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

export interface AuditFilter {
  actor?: string | undefined;
  entity?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/** The actor's name today (first and last), or the address the entry kept. */
const actorName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${auditLog.actorEmail})`;

/** `from` and `to` are days in the chamber's time zone (`timeZone`), both included. */
function auditWhere(f: AuditFilter, timeZone: string): SQL | undefined {
  const day = sql`(${auditLog.createdAt} at time zone ${timeZone})::date`;
  const conditions: (SQL | undefined)[] = [
    f.actor ? eq(auditLog.actorId, f.actor) : undefined,
    f.entity ? eq(auditLog.targetType, f.entity) : undefined,
    f.target ? eq(auditLog.targetId, f.target) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? sql`${day} >= ${f.from}::date` : undefined,
    f.to ? sql`${day} <= ${f.to}::date` : undefined,
  ];
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(
      or(
        ilike(actorName, pattern),
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.targetLabel, pattern),
        ilike(auditLog.targetId, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.reason, pattern),
      ),
    );
  }
  return and(...conditions);
}

const auditColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  actorName,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel: auditLog.targetLabel,
  before: auditLog.before,
  after: auditLog.after,
  reason: auditLog.reason,
};

/** The entries the filters match, newest first; without `page`, all of them (the CSV). */
export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  timeZone: string,
  page?: { limit: number; offset: number },
) {
  const where = auditWhere(filter, timeZone);
  const query = db
    .select(auditColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  if (!page) return { rows: await query, total: 0 };
  const [rows, [count]] = await Promise.all([
    query.limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

/** Everyone who made a change (by name), each kind of record and each action in the log. */
export async function auditFacets(db: Executor) {
  const [actors, entities, actions] = await Promise.all([
    db
      .selectDistinct({ id: sql<string>`${auditLog.actorId}`, name: actorName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(actorName),
    db.selectDistinct({ value: auditLog.targetType }).from(auditLog).orderBy(auditLog.targetType),
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    actors,
    entities: entities.map((e) => e.value),
    actions: actions.map((a) => a.value),
  };
}
