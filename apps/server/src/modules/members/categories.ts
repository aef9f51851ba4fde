import {
  categoryLimits,
  type Category,
  type CategoryTree,
  type categoryTreeInputSchema,
  type MembershipTier,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import type { Session } from '../../plugins/auth.js';
import * as c from './category-queries.js';
import { listWhere } from './queries.js';

type TreeInput = z.output<typeof categoryTreeInputSchema>;

const tierNames: Record<MembershipTier, string> = {
  standard: 'Basic',
  enhanced: 'Enhanced',
  elite: 'Elite',
};
const plural = (n: number) => `${n} ${n === 1 ? 'category' : 'categories'}`;

/**
 * The refusal of more categories than a listing's plan allows: names the limit, and what the
 * plans above allow.
 */
export function categoryLimitError(tier: MembershipTier, chosen: number): AppError {
  const others = (Object.keys(categoryLimits) as MembershipTier[])
    .filter((t) => categoryLimits[t] > categoryLimits[tier])
    .map((t) => `${tierNames[t]} ${categoryLimits[t]}`);
  return new AppError(
    'tier_required',
    `${tierNames[tier]} membership allows ${plural(categoryLimits[tier])}; ${chosen} were chosen.` +
      (others.length ? ` ${others.join(', ')}.` : ''),
  );
}

/**
 * The ids a listing's category picks stand for, in order: every slug must name a category
 * (400 naming the unknown one).
 */
export async function categoryIdsOf(db: Executor, slugs: readonly string[]): Promise<string[]> {
  const rows = await c.categoriesBySlug(db, slugs);
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const unknown = slugs.filter((slug) => !bySlug.has(slug));
  if (unknown.length > 0) {
    throw new AppError(
      'bad_request',
      `Unknown category: ${unknown.map((s) => `"${s}"`).join(', ')}. GET /api/categories lists them.`,
    );
  }
  return slugs.map((slug) => bySlug.get(slug)!);
}

/**
 * The directory's categories (GET /categories, PUT /admin/categories, the category pages):
 * a tree two levels deep the chamber edits as a whole.
 */
export class CategoriesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * The tree, kept per data version: the directory's and every category's page read it as they
   * are drawn (with its head), and its counts read every listed business's categories.
   */
  private readonly kept = new VersionedCache<CategoryTree>({
    maxEntries: 1,
    name: 'category tree',
  });

  /**
   * The tree in its order, each category with the listed businesses in it. Read through a
   * transaction (`db`), it is read again rather than kept.
   */
  async tree(db: Executor = this.db): Promise<CategoryTree> {
    if (db !== this.db) return this.read(db);
    return this.kept.get('tree', await currentDataVersion(this.db), () => this.read(this.db));
  }

  private async read(db: Executor): Promise<CategoryTree> {
    const [rows, counts] = await Promise.all([
      c.allCategories(db),
      c.listedCounts(db, listWhere({})),
    ]);
    const node = (row: c.CategoryRow) => ({
      slug: row.slug,
      name: row.name,
      description: row.description,
      memberCount: counts.get(row.id) ?? 0,
    });
    return {
      categories: rows
        .filter((row) => row.parentId === null)
        .map((parent): Category => ({
          ...node(parent),
          children: rows.filter((row) => row.parentId === parent.id).map(node),
        })),
    };
  }

  /**
   * One category for its page: itself with its subcategories, and its parent's slug and name
   * for a subcategory; null for no such slug.
   */
  async find(
    slug: string,
  ): Promise<{ category: Category; parent: { slug: string; name: string } | null } | null> {
    const { categories } = await this.tree();
    for (const top of categories) {
      if (top.slug === slug) return { category: top, parent: null };
      const child = top.children.find((k) => k.slug === slug);
      if (child) return { category: { ...child, children: [] }, parent: top };
    }
    return null;
  }

  /**
   * PUT /admin/categories: the tree replaced by this one, in one transaction, audited. A
   * category is kept by its slug (its businesses stay with it through a rename or a move). A
   * category left out that businesses picked is refused (409 naming it and how many) unless
   * `detachRemoved`, which removes it from their listings.
   */
  async replaceTree(input: TreeInput, session: Session): Promise<CategoryTree> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await c.lockCategories(tx);
      const before = await c.allCategories(tx);
      const kept = new Set(
        input.categories.flatMap((top) => [top.slug, ...top.children.map((k) => k.slug)]),
      );
      const removed = before.filter((row) => !kept.has(row.slug));
      const used = await c.usesOf(
        tx,
        removed.map((row) => row.id),
      );
      if (used.length > 0 && !input.detachRemoved) {
        const named = used.map((u) => `"${u.name}" (${u.slug}, ${u.count})`).join(', ');
        throw new AppError(
          'conflict',
          `Businesses have picked categories this change removes: ${named}. Keep them, or send detachRemoved: true to remove them from those listings.`,
        );
      }
      for (const [i, top] of input.categories.entries()) {
        const { slug, name, description } = top;
        const parentId = await c.upsertCategory(
          tx,
          { slug, name, description, parentId: null },
          i,
          now,
        );
        for (const [j, child] of top.children.entries()) {
          await c.upsertCategory(
            tx,
            { slug: child.slug, name: child.name, description: child.description, parentId },
            j,
            now,
          );
        }
      }
      await c.deleteCategories(
        tx,
        removed.map((row) => row.id),
      );
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: 'categories.replace',
        targetType: 'categories',
        targetId: 'tree',
        targetLabel: 'Directory categories',
        before: { slugs: before.map((row) => row.slug) },
        after: { slugs: [...kept], detached: used.map((u) => ({ slug: u.slug, count: u.count })) },
      });
    });
    return this.tree();
  }
}
