import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type {
  Bounds,
  CategoryRef,
  LocalMoment,
  Location,
  MemberSort,
  Role,
} from '@chamber/contract';
import { businessPeople, chambers, contacts, users, type Executor } from '@chamber/db';
import { inCategories, listingCategories } from './category-queries.js';
import { reusableQuery } from '../../lib/reusable-query.js';
import { isAnyOf, textArray } from '../../lib/sql-lists.js';
import { inBoundsCondition, nearOrder, showsAddress } from './pin-queries.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactUpdate = Partial<typeof contacts.$inferInsert>;

/** A contact with the login linked to it, if any. */
export interface MemberRow {
  contact: ContactRow;
  user: { id: string; role: Role; status: 'pending' | 'active' | 'suspended' } | null;
  /** The directory categories the business picked, in its order (read by the member queries). */
  categories?: CategoryRef[];
}

const memberColumns = {
  contact: contacts,
  user: { id: users.id, role: users.role, status: users.status },
  categories: listingCategories,
};

/** Every sort ends with the id, so the order is total and offset pages never overlap. */
const orderBy: Record<MemberSort, SQL[]> = {
  name: [sql`${contacts.sortName}`, sql`${contacts.id}`],
  // Oldest members first: a chamber honours its long-standing members.
  memberSince: [
    sql`${contacts.memberSince} asc nulls last`,
    sql`${contacts.sortName}`,
    sql`${contacts.id}`,
  ],
  // The enum is declared standard, enhanced, elite: descending is elite first (docs/product.md#constants).
  tier: [
    sql`${contacts.membershipTier} desc nulls last`,
    sql`${contacts.sortName}`,
    sql`${contacts.id}`,
  ],
};

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListFilter {
  search?: string | undefined;
  /** Applied only when set; callers decide who may filter by role. */
  role?: Role | undefined;
  /** Only businesses open at this moment of the chamber's wall clock. */
  openAt?: LocalMoment | null | undefined;
  /** Only businesses that picked one of these categories (a category and its subcategories). */
  categoryIds?: string[] | null | undefined;
  /** Only listings with a shown pin in this box (the map's view). */
  bounds?: Bounds | undefined;
}

/**
 * Open at `moment` as `openingStateAt` reads the hours: not a closure day, and one of the
 * weekday's intervals holds the time (opens <= time < closes). Times are HH:MM, compared as
 * bytes (collation "C"), which orders them as times.
 */
function openAtCondition({ date, weekday, time }: LocalMoment): SQL {
  return sql`exists (
      select 1 from jsonb_array_elements(${contacts.openingHours} -> 'days' -> ${weekday}::text) as i
      where (i ->> 'opens') collate "C" <= ${time}::text collate "C"
        and ${time}::text collate "C" < (i ->> 'closes') collate "C"
    )
    and not coalesce(
      ${contacts.openingHours} -> 'closures' @> jsonb_build_array(jsonb_build_object('date', ${date}::text)),
      false
    )`;
}

/**
 * The directory lists contacts without a login (an imported roster) and those whose login is
 * active; contacts of pending or suspended logins stay out of it, and so do those whose
 * membership lapsed when the chamber hides lapsed listings (`listed`).
 */
export function listWhere({
  search,
  role,
  openAt,
  categoryIds,
  bounds,
}: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(contacts.listed, true),
    or(sql`${users.id} is null`, eq(users.status, 'active')),
  ];
  if (search) conditions.push(sql`${contacts.searchText} like ${containsPattern(search)}`);
  if (role === 'member') conditions.push(or(sql`${users.id} is null`, eq(users.role, 'member')));
  else if (role) conditions.push(eq(users.role, role));
  if (openAt) conditions.push(openAtCondition(openAt));
  if (categoryIds) conditions.push(inCategories(categoryIds));
  if (bounds) conditions.push(inBoundsCondition(bounds));
  return and(...conditions);
}

export async function listMembers(
  db: Executor,
  filter: ListFilter & {
    sort: MemberSort;
    near?: Location | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = listWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(memberColumns)
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.primaryUserId))
      .where(where)
      .orderBy(...(filter.near ? nearOrder(filter.near) : orderBy[filter.sort]))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.primaryUserId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Every listing on the map (listed, with a shown pin), in the directory's name order: what
 * the map's view filters in memory (see `MembersService.list`).
 */
export async function mapPins(db: Executor): Promise<{ id: string; lat: number; lng: number }[]> {
  const rows = await db
    .select({ id: contacts.id, lat: contacts.lat, lng: contacts.lng })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(
      and(
        listWhere({}),
        sql`${contacts.lat} is not null and ${contacts.lng} is not null`,
        showsAddress,
      ),
    )
    .orderBy(...orderBy.name);
  return rows.map((r) => ({ id: r.id, lat: r.lat!, lng: r.lng! }));
}

/** These members, in the order of `ids`. */
export async function membersByIds(db: Executor, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(memberColumns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(isAnyOf(contacts.id, ids, 'uuid'));
  const byId = new Map(rows.map((r) => [r.contact.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The roles of the listed members, a contact without a login counting as a member. */
export async function listedRoles(db: Executor): Promise<Role[]> {
  const role = sql<Role>`coalesce(${users.role}, 'member')`;
  const rows = await db
    .selectDistinct({ role })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(listWhere({}));
  return rows.map((row) => row.role);
}

export async function findMember(db: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await memberQuery(db, { id });
  return row;
}

// A member page runs it on every view: built once (see reusableQuery).
const memberQuery = reusableQuery((db) =>
  db
    .select(memberColumns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(eq(contacts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_member'),
);

/** The contact row locked for an update in this transaction. */
export async function lockContact(db: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).for('update').limit(1);
  return row;
}

export async function updateContact(db: Executor, id: string, values: ContactUpdate, now: Date) {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: now })
    .where(eq(contacts.id, id));
}

// The roster import (roster-import.ts).

/** The contacts with these (lower-cased) addresses, and whether each has a login. */
export async function findContactsByEmail(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ contact: contacts, userId: users.id })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(isAnyOf(sql`lower(${contacts.email})`, emails, 'text'));
  return rows.map((r) => ({ contact: r.contact, claimed: r.userId !== null }));
}

/** The contacts with these ids, and whether each has a login (a roster's `business id`). */
export async function findContactsById(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ contact: contacts, userId: users.id })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(isAnyOf(contacts.id, ids, 'uuid'));
  return rows.map((r) => ({ contact: r.contact, claimed: r.userId !== null }));
}

export type PersonRow = typeof businessPeople.$inferSelect;

/** The people of these businesses, oldest first. */
export async function peopleOfBusinesses(db: Executor, contactIds: string[]): Promise<PersonRow[]> {
  if (contactIds.length === 0) return [];
  return db
    .select()
    .from(businessPeople)
    .where(isAnyOf(businessPeople.contactId, contactIds, 'uuid'))
    .orderBy(businessPeople.createdAt, businessPeople.id);
}

/** Inserts contacts (each gets its primary person from a trigger) and answers their ids by email. */
export async function insertContacts(db: Executor, values: (typeof contacts.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(contacts).values(values).returning({ id: contacts.id, email: contacts.email });
}

export async function insertPeople(db: Executor, values: (typeof businessPeople.$inferInsert)[]) {
  if (values.length > 0) await db.insert(businessPeople).values(values);
}

/** Sets a person's title by business and role (the primary person a trigger just made). */
export async function setPrimaryTitles(
  db: Executor,
  titles: { contactId: string; title: string }[],
) {
  if (titles.length === 0) return;
  const ids = titles.map((t) => t.contactId);
  await db.execute(sql`
    update ${businessPeople} p set title = t.title
    from unnest(${sql.param(`{${ids.join(',')}}`)}::uuid[], ${textArray(titles.map((t) => t.title))}) as t(contact_id, title)
    where p.contact_id = t.contact_id and p.role = 'primary'`);
}

export async function updatePerson(
  db: Executor,
  id: string,
  values: Partial<typeof businessPeople.$inferInsert>,
  now: Date,
) {
  await db
    .update(businessPeople)
    .set({ ...values, updatedAt: now })
    .where(eq(businessPeople.id, id));
}

/** Every person of every business, in the directory's name order, for the roster export. */
export async function listAllPeople(db: Executor) {
  return db
    .select({ contact: contacts, person: businessPeople })
    .from(contacts)
    .leftJoin(businessPeople, eq(businessPeople.contactId, contacts.id))
    .orderBy(
      ...orderBy.name,
      sql`${businessPeople.role} <> 'primary'`,
      businessPeople.createdAt,
      businessPeople.id,
    );
}

/** Every listed member's id and last change, for the sitemap: the directory's own rule. */
export async function listedMemberDates(db: Executor): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: contacts.id, updatedAt: contacts.updatedAt })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(listWhere({}))
    .orderBy(contacts.id);
}

/** Listed members whose membership began on or after `since` (YYYY-MM-DD), newest first. */
export async function newListedMembers(
  db: Executor,
  since: string,
  limit: number,
): Promise<
  {
    id: string;
    businessName: string | null;
    firstName: string;
    lastName: string;
    tagline: string | null;
  }[]
> {
  return db
    .select({
      id: contacts.id,
      businessName: contacts.businessName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      tagline: contacts.tagline,
    })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(and(listWhere({}), sql`${contacts.memberSince} >= ${since}::date`))
    .orderBy(sql`${contacts.memberSince} desc`, contacts.sortName, contacts.id)
    .limit(limit);
}

/** The chamber's time zone: the wall clock opening hours are read on. */
export async function chamberTimeZone(db: Executor): Promise<string> {
  const [row] = await db.select({ timezone: chambers.timezone }).from(chambers).limit(1);
  return row?.timezone ?? 'America/Denver';
}
