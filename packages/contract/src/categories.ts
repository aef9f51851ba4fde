import { z } from 'zod';
import type { MembershipTier } from './vocabulary.js';

/**
 * How many categories a listing may pick, by the level of its plan (the level stays in code,
 * as what it unlocks does: `tierFeatures`). An admin's own listing counts as elite.
 */
export const categoryLimits: Readonly<Record<MembershipTier, number>> = {
  standard: 1,
  enhanced: 3,
  elite: 5,
};

/** A category's name in URLs and in the API: lower-case words joined by hyphens. */
export const categorySlugSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits joined by hyphens');

/** A category as a listing shows it: its name, linking to its page. */
export const categoryRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
  parent: z
    .object({ slug: z.string(), name: z.string() })
    .nullable()
    .describe('The top-level category of a subcategory; null for a top-level one'),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

const subcategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int().describe('Listed businesses that picked it'),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const categorySchema = subcategorySchema.extend({
  memberCount: z
    .number()
    .int()
    .describe('Listed businesses in it or in one of its subcategories, each counted once'),
  children: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /categories: the chamber's tree, two levels deep, in its order. */
export const categoryTreeSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

const categoryInput = {
  slug: categorySlugSchema,
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  description: z.string().trim().max(300, 'must be at most 300 characters').default(''),
};

const subcategoryInputSchema = z.object({
  ...categoryInput,
  children: z
    .array(z.unknown())
    .max(0, 'Categories are two levels deep: a subcategory cannot have subcategories')
    .optional(),
});

/**
 * PUT /admin/categories: the whole tree, replacing the one stored. A category keeps its
 * businesses by its slug (renaming it or moving it under another parent keeps them). A slug
 * appears once in the tree.
 */
export const categoryTreeInputSchema = z
  .object({
    categories: z
      .array(
        z.object({
          ...categoryInput,
          children: z.array(subcategoryInputSchema).max(50).default([]),
        }),
      )
      .max(50),
    detachRemoved: z
      .boolean()
      .default(false)
      .describe(
        'What happens to a category left out of the tree that businesses picked: false (the default) refuses the change (409 naming it); true removes it from their listings',
      ),
  })
  .superRefine((tree, ctx) => {
    const seen = new Set<string>();
    const check = (slug: string, path: (string | number)[]) => {
      if (seen.has(slug)) {
        ctx.addIssue({ code: 'custom', path, message: `The slug "${slug}" is used twice` });
      }
      seen.add(slug);
    };
    tree.categories.forEach((category, i) => {
      check(category.slug, ['categories', i, 'slug']);
      category.children.forEach((child, j) => {
        check(child.slug, ['categories', i, 'children', j, 'slug']);
      });
    });
  });
export type CategoryTreeInput = z.input<typeof categoryTreeInputSchema>;

/** PUT /members/{id}/categories: the slugs a business picks, in its order. */
export const memberCategoriesInputSchema = z.object({
  categories: z
    .array(categorySlugSchema)
    .max(20)
    .refine((slugs) => new Set(slugs).size === slugs.length, 'must not name a category twice'),
});
export type MemberCategoriesInput = z.infer<typeof memberCategoriesInputSchema>;
