import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contactCategories } from '@chamber/db';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';

// The real web build and its server entry (`pnpm run build` makes both, before these tests).
const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST, PUBLIC_URL: 'https://portal.example' });
});
afterAll(() => ctx.close());

async function page(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  const root = doc.getElementById('root')!;
  return { res, doc, root, text: root.textContent ?? '' };
}

/** Lists a new business under these categories (by slug), as its editor would. */
async function listedUnder(businessName: string, slugs: string[]) {
  const contact = await createContact(ctx.db, { businessName });
  const rows = await ctx.db.select().from(categories);
  await ctx.db.insert(contactCategories).values(
    slugs.map((slug, position) => ({
      contactId: contact.id,
      categoryId: rows.find((r) => r.slug === slug)!.id,
      position,
    })),
  );
  return contact;
}

describe('the category pages, /members/category/{slug}', () => {
  it('draws a category’s businesses, its subcategories’ too, with links and its own head', async () => {
    const cafe = await listedUnder('Page Test Café', ['cafes-bakeries']);
    await listedUnder('Page Test Bistro', ['restaurants']);
    await listedUnder('Page Test Plumber', ['plumbing']);

    const top = await page('/members/category/food-drink');
    expect(top.res.statusCode).toBe(200);
    expect(top.doc.title).toBe(
      'Food & drink | Member directory | Riverton Area Chamber of Commerce',
    );
    expect(top.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://portal.example/members/category/food-drink',
    );
    expect(top.doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Restaurants, cafés, bakeries, bars and caterers of the area.',
    );
    expect(top.text).toContain('Page Test Café');
    expect(top.text).toContain('Page Test Bistro');
    expect(top.text).not.toContain('Page Test Plumber');
    // Links, so it works without scripts: the business, its category, the subcategories.
    expect(top.root.querySelector(`a[href="/members/${cafe.id}"]`)).not.toBeNull();
    expect(top.root.querySelector('a[href="/members/category/restaurants"]')).not.toBeNull();
    expect(
      top.root.querySelector('a[href="/members/category/food-drink"][aria-current="page"]'),
    ).not.toBeNull();

    const sub = await page('/members/category/cafes-bakeries');
    expect(sub.doc.title).toBe(
      'Cafés & bakeries | Food & drink | Member directory | Riverton Area Chamber of Commerce',
    );
    expect(sub.text).toContain('Page Test Café');
    expect(sub.text).not.toContain('Page Test Bistro');
    // The directory lists the categories as links too.
    const directory = await page('/members');
    expect(directory.root.querySelector('a[href="/members/category/food-drink"]')).not.toBeNull();
  });

  it('answers 404 for an unknown category and leaves its page to the browser', async () => {
    const { res, root, doc } = await page('/members/category/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(doc.title).toBe('Category not found | Riverton Area Chamber of Commerce');
    expect(root.childNodes).toHaveLength(0);
  });

  it('is kept until a listing’s categories change', async () => {
    const before = await page('/members/category/legal');
    expect(before.text).not.toContain('Kept Page Law');
    await listedUnder('Kept Page Law', ['legal']);
    expect((await page('/members/category/legal')).text).toContain('Kept Page Law');
  });
});
