import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { CategoryRef } from '@chamber/contract';
import { categories, contactCategories, contacts, users, type Executor } from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';

export type CategoryRow = typeof categories.$inferSelect;

/**
 * A listing's categories as its answers show them, in the business's order, each with its
 * parent: a column of the directory's and member page's select.
 */
export const listingCategories = sql<CategoryRef[]>`coalesce((
    select json_agg(json_build_object(
        'slug', k.slug,
        'name', k.name,
        'parent', case when p.id is null then null
                       else json_build_object('slug', p.slug, 'name', p.name) end
      ) order by cc.position, k.name)
    from ${contactCategories} cc
    join ${categories} k on k.id = cc.category_id
    left join ${categories} p on p.id = k.parent_id
    where cc.contact_id = ${contacts.id}
  ), '[]'::json)`;

/** The directory's category filter: the contact picked one of these categories. */
export function inCategories(ids: readonly string[]): SQL {
  return sql`exists (
      select 1 from ${contactCategories} cc
      where cc.contact_id = ${contacts.id} and ${isAnyOf(sql`cc.category_id`, ids, 'uuid')}
    )`;
}

/** Every category, parents and children alike, in the tree's order. */
export async function allCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.name));
}

/**
 * How many listed businesses picked each category or one of its subcategories (each counted
 * once per category), by category id. `listed` is the directory's own rule. Counted by the
 * database: a pick counts for its category and for that category's parent, and a business that
 * picked a parent and one of its children, or two children, counts once for the parent.
 * (Reading the picks into the server to count them there cost every category page and the
 * directory half a second at 50,000 members, and grew with them.)
 */
export async function listedCounts(
  db: Executor,
  listed: SQL | undefined,
): Promise<Map<string, number>> {
  const counted = sql<string>`g.id`;
  const rows = await db
    .select({
      id: counted,
      members: sql<number>`count(distinct ${contactCategories.contactId})::int`,
    })
    .from(contactCategories)
    .innerJoin(categories, eq(categories.id, contactCategories.categoryId))
    .innerJoin(contacts, eq(contacts.id, contactCategories.contactId))
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .innerJoin(
      sql`lateral (values (${categories.id}), (${categories.parentId})) as g(id)`,
      sql`g.id is not null`,
    )
    .where(listed)
    .groupBy(counted);
  return new Map(rows.map((row) => [row.id, row.members]));
}

/** The category of this slug and its subcategories' ids; null for no such category. */
export async function categoryWithChildren(
  db: Executor,
  slug: string,
): Promise<{ category: CategoryRow; ids: string[] } | null> {
  const [category] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  if (!category) return null;
  const children = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, category.id));
  return { category, ids: [category.id, ...children.map((c) => c.id)] };
}

/** The categories of these slugs. */
export async function categoriesBySlug(db: Executor, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  return db
    .select()
    .from(categories)
    .where(isAnyOf(categories.slug, slugs, 'text'));
}

/** Replaces a contact's categories with these, in this order. */
export async function setContactCategories(db: Executor, contactId: string, ids: string[]) {
  await db.delete(contactCategories).where(eq(contactCategories.contactId, contactId));
  if (ids.length === 0) return;
  await db
    .insert(contactCategories)
    .values(ids.map((categoryId, position) => ({ contactId, categoryId, position })));
}

/** How many businesses (listed or not) picked each of these categories, by slug. */
export async function usesOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      count: sql<number>`count(*)::int`,
    })
    .from(contactCategories)
    .innerJoin(categories, eq(categories.id, contactCategories.categoryId))
    .where(isAnyOf(contactCategories.categoryId, ids, 'uuid'))
    .groupBy(categories.slug, categories.name)
    .orderBy(categories.slug);
}

/** Takes the table's lock: two replacements of the tree run one after the other. */
export async function lockCategories(db: Executor) {
  await db.execute(sql`lock table ${categories} in share row exclusive mode`);
}

export async function deleteCategories(db: Executor, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(categories).where(isAnyOf(categories.id, ids, 'uuid'));
}

export async function upsertCategory(
  db: Executor,
  values: { slug: string; name: string; description: string; parentId: string | null },
  position: number,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(categories)
    .values({ ...values, position, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: categories.slug,
      set: { ...values, position, updatedAt: now },
    })
    .returning({ id: categories.id });
  return row!.id;
}
