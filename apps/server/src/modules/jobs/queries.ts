import { and, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EmploymentType, JobPostStatus, JobWorkplace } from '@chamber/contract';
import { contacts, type Executor, jobBoardSettings, jobPosts, users } from '@chamber/db';

export type JobPostRow = typeof jobPosts.$inferSelect;
export type JobPostInsert = typeof jobPosts.$inferInsert;
export type ContactRow = typeof contacts.$inferSelect;

/** A post with its business (the contact) and the email of the login that wrote it. */
export interface JobPostView {
  post: JobPostRow;
  contact: ContactRow;
  posterEmail: string | null;
  posterFirstName: string | null;
}

const viewColumns = {
  post: jobPosts,
  contact: contacts,
  posterEmail: users.email,
  posterFirstName: users.firstName,
};

const withBusiness = (db: Executor) =>
  db
    .select(viewColumns)
    .from(jobPosts)
    .innerJoin(contacts, eq(contacts.id, jobPosts.contactId))
    .leftJoin(users, eq(users.id, jobPosts.createdBy));

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** On the board: approved, and its closing day not past (the job runner marks it expired). */
const openOn = (today: string): SQL =>
  and(eq(jobPosts.status, 'approved'), gte(jobPosts.closesOn, today), eq(contacts.listed, true))!;

export interface BoardFilter {
  today: string;
  q?: string | undefined;
  type?: EmploymentType | undefined;
  workplace?: JobWorkplace | undefined;
  business?: string | undefined;
}

function boardWhere(filter: BoardFilter): SQL {
  const conditions: (SQL | undefined)[] = [openOn(filter.today)];
  // Every word must appear in the title, the business's name or the text.
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(word);
    conditions.push(
      or(
        sql`${jobPosts.title} ilike ${pattern}`,
        sql`${jobPosts.description} ilike ${pattern}`,
        sql`coalesce(${contacts.businessName}, '') ilike ${pattern}`,
        sql`coalesce(${contacts.companyName}, '') ilike ${pattern}`,
      ),
    );
  }
  if (filter.type) conditions.push(eq(jobPosts.employmentType, filter.type));
  if (filter.workplace) conditions.push(eq(jobPosts.workplace, filter.workplace));
  if (filter.business) conditions.push(eq(jobPosts.contactId, filter.business));
  return and(...conditions)!;
}

/** One page of the board, newest first. */
export async function listOpen(
  db: Executor,
  filter: BoardFilter,
  limit: number,
  offset: number,
): Promise<{ rows: JobPostView[]; total: number }> {
  const where = boardWhere(filter);
  const [rows, [totals]] = await Promise.all([
    withBusiness(db)
      .where(where)
      .orderBy(desc(jobPosts.postedAt), desc(jobPosts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(jobPosts)
      .innerJoin(contacts, eq(contacts.id, jobPosts.contactId))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** The businesses with an open post, by name, for the board's filter. */
export async function openBusinesses(db: Executor, today: string) {
  return db
    .selectDistinct({
      id: contacts.id,
      businessName: contacts.businessName,
      companyName: contacts.companyName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      sortName: contacts.sortName,
    })
    .from(jobPosts)
    .innerJoin(contacts, eq(contacts.id, jobPosts.contactId))
    .where(openOn(today))
    .orderBy(contacts.sortName);
}

/** Every open post's id and last change, for the sitemap. */
export async function openPages(db: Executor, today: string) {
  return db
    .select({ id: jobPosts.id, updatedAt: jobPosts.updatedAt })
    .from(jobPosts)
    .innerJoin(contacts, eq(contacts.id, jobPosts.contactId))
    .where(openOn(today))
    .orderBy(desc(jobPosts.postedAt), desc(jobPosts.id));
}

export async function find(db: Executor, id: string): Promise<JobPostView | undefined> {
  const [row] = await withBusiness(db).where(eq(jobPosts.id, id));
  return row;
}

export async function lock(db: Executor, id: string): Promise<JobPostRow | undefined> {
  const [row] = await db.select().from(jobPosts).where(eq(jobPosts.id, id)).for('update');
  return row;
}

export async function ofContact(db: Executor, contactId: string): Promise<JobPostView[]> {
  return withBusiness(db)
    .where(eq(jobPosts.contactId, contactId))
    .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id));
}

/** Staff's queue: the posts in one status, oldest submission first (first come, first served). */
export async function inStatus(db: Executor, status: JobPostStatus): Promise<JobPostView[]> {
  return withBusiness(db)
    .where(eq(jobPosts.status, status))
    .orderBy(sql`${jobPosts.submittedAt} asc nulls last`, jobPosts.createdAt, jobPosts.id)
    .limit(200);
}

/** Live posts whose poster's change waits for staff, oldest change first. */
export async function withChanges(db: Executor): Promise<JobPostView[]> {
  return withBusiness(db)
    .where(changeWaits)
    .orderBy(jobPosts.changeSubmittedAt, jobPosts.id)
    .limit(200);
}

const changeWaits = and(eq(jobPosts.status, 'approved'), isNotNull(jobPosts.pendingChange))!;

export async function countChanges(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobPosts).where(changeWaits);
  return row?.n ?? 0;
}

export async function countsByStatus(db: Executor) {
  return db.select({ status: jobPosts.status, n: count() }).from(jobPosts).groupBy(jobPosts.status);
}

export async function insert(db: Executor, values: JobPostInsert): Promise<JobPostRow> {
  const [row] = await db.insert(jobPosts).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: string, values: Partial<JobPostInsert>) {
  await db.update(jobPosts).set(values).where(eq(jobPosts.id, id));
}

export async function remove(db: Executor, id: string) {
  await db.delete(jobPosts).where(eq(jobPosts.id, id));
}

/** Approved posts whose closing day is before `today` leave the board; answers their ids. */
export async function expireBefore(db: Executor, today: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(jobPosts)
    .set({ status: 'expired', pendingChange: null, changeSubmittedAt: null, updatedAt: now })
    .where(and(eq(jobPosts.status, 'approved'), lt(jobPosts.closesOn, today)))
    .returning({ id: jobPosts.id });
  return rows.map((r) => r.id);
}

export async function getSettings(db: Executor) {
  const [row] = await db.select().from(jobBoardSettings).where(eq(jobBoardSettings.id, 1));
  return row ?? { id: 1, membersPublishDirectly: false, dateAndPayChangesGoLive: true };
}

export async function putSettings(
  db: Executor,
  settings: { membersPublishDirectly: boolean; dateAndPayChangesGoLive: boolean },
  now: Date,
) {
  await db
    .insert(jobBoardSettings)
    .values({ id: 1, ...settings, updatedAt: now })
    .onConflictDoUpdate({
      target: jobBoardSettings.id,
      set: { ...settings, updatedAt: now },
    });
}
