import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryTree, CategoryTreeInput, MemberDetail, MemberList } from '@chamber/contract';
import { auditLog, contactCategories } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import {
  bearer,
  getMember,
  listMembers,
  signedInAdmin,
  signedInMember,
} from '../../test/members.js';

let ctx: TestContext;
let adminToken: string;
let moderatorToken: string;

const getTree = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CategoryTree>();
};

const putTree = (payload: unknown, token: string | undefined = adminToken) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/categories',
    headers: bearer(token),
    payload: payload as object,
  });

const putCategories = (id: string, categories: string[], token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/members/${id}/categories`,
    headers: bearer(token),
    payload: { categories },
  });

const namesIn = async (category: string) => {
  const res = await listMembers(ctx, { category, limit: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberList>().members.map((m) => m.businessName);
};

/** The stored tree as a PUT body: what an editor that changes nothing sends back. */
const asInput = (tree: CategoryTree): CategoryTreeInput => ({
  categories: tree.categories.map(({ slug, name, description, children }) => ({
    slug,
    name,
    description,
    children: children.map((k) => ({ slug: k.slug, name: k.name, description: k.description })),
  })),
});

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await signedInAdmin(ctx);
  moderatorToken = await signIn(ctx, (await createTestUser(ctx.db, { role: 'moderator' })).email);
});
afterAll(() => ctx.close());

describe('GET /api/categories', () => {
  it('answers the seeded tree, two levels deep, with slugs, to anyone', async () => {
    const { categories } = await getTree();
    const top = categories.map((c) => c.slug);
    expect(top).toEqual(
      expect.arrayContaining([
        'food-drink',
        'home-trades',
        'health-wellness',
        'shopping-retail',
        'professional-services',
        'nonprofits-community',
      ]),
    );
    const food = categories.find((c) => c.slug === 'food-drink')!;
    expect(food.name).toBe('Food & drink');
    expect(food.children.map((k) => k.slug)).toContain('restaurants');
    for (const category of categories) {
      expect(category.children.length).toBeGreaterThanOrEqual(2);
      for (const child of category.children) expect(child).not.toHaveProperty('children');
    }
  });
});

describe('PUT /api/members/{id}/categories', () => {
  it.each([
    ['standard', 1, 'Basic membership allows 1 category; 2 were chosen. Enhanced 3, Elite 5.'],
    ['enhanced', 3, 'Enhanced membership allows 3 categories; 4 were chosen. Elite 5.'],
    ['elite', 5, 'Elite membership allows 5 categories; 6 were chosen.'],
  ] as const)(
    'lets a %s listing pick %i, and refuses one more naming the limit',
    async (tier, limit, message) => {
      const member = await signedInMember(ctx, tier);
      const slugs = ['plumbing', 'electrical', 'catering', 'legal', 'dental', 'fitness'];
      const ok = await putCategories(member.contactId, slugs.slice(0, limit), member.token);
      expect(ok.statusCode, ok.body).toBe(200);
      const saved = ok.json<MemberDetail>();
      expect(saved.categories.map((c) => c.slug)).toEqual(slugs.slice(0, limit));
      expect(saved.categoryLimit).toBe(limit);

      const over = await putCategories(member.contactId, slugs.slice(0, limit + 1), member.token);
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({ error: 'tier_required', message });
      // Nothing changed.
      const page = await getMember(ctx, member.contactId);
      expect(page.json<MemberDetail>().categories.map((c) => c.slug)).toEqual(
        slugs.slice(0, limit),
      );
    },
  );

  it('shows a subcategory with its parent on the listing', async () => {
    const member = await signedInMember(ctx, 'standard');
    await putCategories(member.contactId, ['cafes-bakeries'], member.token);
    const page = (await getMember(ctx, member.contactId)).json<MemberDetail>();
    expect(page.categories).toEqual([
      {
        slug: 'cafes-bakeries',
        name: 'Cafés & bakeries',
        parent: { slug: 'food-drink', name: 'Food & drink' },
      },
    ]);
  });

  it('refuses an unknown category, a slug named twice and a malformed one', async () => {
    const member = await signedInMember(ctx, 'elite');
    const unknown = await putCategories(
      member.contactId,
      ['plumbing', 'space-travel'],
      member.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(
      'Unknown category: "space-travel". GET /api/categories lists them.',
    );
    const twice = await putCategories(member.contactId, ['legal', 'legal'], member.token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(
      'categories: must not name a category twice',
    );
    const malformed = await putCategories(member.contactId, ['Legal Help'], member.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(
      /^categories\.0: must be lower-case/,
    );
  });

  it('refuses another member; staff may set anyone’s', async () => {
    const owner = await signedInMember(ctx, 'standard');
    const other = await signedInMember(ctx, 'elite');
    const res = await putCategories(owner.contactId, ['legal'], other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect((await putCategories(owner.contactId, ['legal'])).statusCode).toBe(401);
    const byModerator = await putCategories(owner.contactId, ['insurance'], moderatorToken);
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    // Staff are held to the listing's plan too.
    const tooMany = await putCategories(owner.contactId, ['insurance', 'legal'], adminToken);
    expect(tooMany.statusCode).toBe(403);
    const cleared = await putCategories(owner.contactId, [], adminToken);
    expect(cleared.json<MemberDetail>().categories).toEqual([]);
  });
});

describe('GET /api/members?category={slug}', () => {
  it('lists the businesses of a category; a top-level one includes its subcategories', async () => {
    const inn = await createContact(ctx.db, { businessName: 'Filter Inn' });
    const museum = await createContact(ctx.db, { businessName: 'Filter Museum' });
    const garage = await createContact(ctx.db, { businessName: 'Filter Garage' });
    await putCategories(inn.id, ['hotels-inns'], adminToken);
    await putCategories(museum.id, ['attractions'], adminToken);
    await putCategories(garage.id, ['auto-repair'], adminToken);

    expect(await namesIn('hotels-inns')).toEqual(['Filter Inn']);
    expect(await namesIn('lodging-tourism')).toEqual(['Filter Inn', 'Filter Museum']);
    expect(await namesIn('automotive')).toEqual(['Filter Garage']);
    // With the spec's other parameters: the search narrows within the category.
    const searched = await listMembers(ctx, { category: 'lodging-tourism', search: 'museum' });
    expect(searched.json<MemberList>().members.map((m) => m.businessName)).toEqual([
      'Filter Museum',
    ]);
    expect(searched.json<MemberList>().total).toBe(1);
    // The tree counts them.
    const lodging = (await getTree()).categories.find((c) => c.slug === 'lodging-tourism')!;
    expect(lodging.memberCount).toBe(2);
    expect(lodging.children.find((k) => k.slug === 'attractions')!.memberCount).toBe(1);
    // A business in two subcategories counts once for their parent, once for each of them.
    const resort = await signedInMember(ctx, 'enhanced', { businessName: 'Filter Resort' });
    await putCategories(resort.contactId, ['hotels-inns', 'attractions'], resort.token);
    const counted = (await getTree()).categories.find((c) => c.slug === 'lodging-tourism')!;
    expect(counted.memberCount).toBe(3);
    expect(counted.children.map((k) => [k.slug, k.memberCount])).toEqual(
      expect.arrayContaining([
        ['hotels-inns', 2],
        ['attractions', 2],
      ]),
    );
  });

  it('moves with a listing’s change (the kept page is renewed)', async () => {
    const shop = await createContact(ctx.db, { businessName: 'Filter Florist' });
    expect(await namesIn('gifts-florists')).toEqual([]);
    await putCategories(shop.id, ['gifts-florists'], adminToken);
    expect(await namesIn('gifts-florists')).toEqual(['Filter Florist']);
  });

  it('moves with the member’s own save, in the list members read', async () => {
    const owner = await signedInMember(ctx, 'enhanced', { businessName: 'Own Save Market' });
    const read = async () =>
      (await listMembers(ctx, { category: 'grocery-markets', limit: 100 }, owner.token))
        .json<MemberList>()
        .members.map((m) => m.businessName);
    expect(await read()).not.toContain('Own Save Market');
    await putCategories(owner.contactId, ['catering', 'grocery-markets'], owner.token);
    expect(await read()).toContain('Own Save Market');
  });

  it('answers 404 for an unknown category', async () => {
    const res = await listMembers(ctx, { category: 'no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Category not found' });
  });
});

describe('PUT /api/admin/categories', () => {
  it('replaces the tree, keeping a renamed or moved category’s businesses; audited', async () => {
    const shop = await createContact(ctx.db, { businessName: 'Tree Bookshop' });
    await putCategories(shop.id, ['books-music'], adminToken);
    const input = asInput(await getTree());
    // Rename "Books & music" and move it under a new top-level category; add one.
    const retail = input.categories.find((c) => c.slug === 'shopping-retail')!;
    retail.children = retail.children!.filter((k) => k.slug !== 'books-music');
    input.categories.push({
      slug: 'arts-culture',
      name: 'Arts & culture',
      description: 'Galleries, books and music.',
      children: [
        { slug: 'books-music', name: 'Books, records & music' },
        { slug: 'galleries', name: 'Galleries' },
      ],
    });
    const res = await putTree(input, moderatorToken);
    expect(res.statusCode, res.body).toBe(200);
    const arts = res.json<CategoryTree>().categories.at(-1)!;
    expect(arts).toMatchObject({ slug: 'arts-culture', memberCount: 1 });
    expect(arts.children.map((k) => k.slug)).toEqual(['books-music', 'galleries']);
    expect(await namesIn('arts-culture')).toEqual(['Tree Bookshop']);
    const listing = (await getMember(ctx, shop.id)).json<MemberDetail>();
    expect(listing.categories).toEqual([
      {
        slug: 'books-music',
        name: 'Books, records & music',
        parent: { slug: 'arts-culture', name: 'Arts & culture' },
      },
    ]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'categories.replace'));
    expect(entry).toMatchObject({ targetType: 'categories' });
  });

  it.each([
    [
      'a slug used twice',
      {
        categories: [
          { slug: 'food', name: 'Food', children: [{ slug: 'bakeries', name: 'Bakeries' }] },
          { slug: 'shops', name: 'Shops', children: [{ slug: 'bakeries', name: 'Bake shops' }] },
        ],
      },
      'categories.1.children.0.slug: The slug "bakeries" is used twice',
    ],
    [
      'a third level',
      {
        categories: [
          {
            slug: 'food',
            name: 'Food',
            children: [
              {
                slug: 'bakeries',
                name: 'Bakeries',
                children: [{ slug: 'bagels', name: 'Bagels' }],
              },
            ],
          },
        ],
      },
      'categories.0.children.0.children: Categories are two levels deep: a subcategory cannot have subcategories',
    ],
    [
      'a slug that is no slug',
      { categories: [{ slug: 'Food & Drink', name: 'Food' }] },
      'categories.0.slug: must be lower-case letters and digits joined by hyphens',
    ],
    [
      'a category without a name',
      { categories: [{ slug: 'food', name: ' ' }] },
      'categories.0.name: must not be empty',
    ],
  ])('refuses %s with a 400 naming the field', async (_, payload, message) => {
    const before = await getTree();
    const res = await putTree(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await getTree()).toEqual(before);
  });

  it('refuses to remove a category businesses picked, unless told to detach it', async () => {
    const shop = await createContact(ctx.db, { businessName: 'Detach Garage' });
    await putCategories(shop.id, ['car-dealers'], adminToken);
    const input = asInput(await getTree());
    const auto = input.categories.find((c) => c.slug === 'automotive')!;
    auto.children = auto.children!.filter((k) => k.slug !== 'car-dealers');

    const refused = await putTree(input);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'conflict',
      message:
        'Businesses have picked categories this change removes: "Car dealers" (car-dealers, 1). Keep them, or send detachRemoved: true to remove them from those listings.',
    });
    expect(await namesIn('car-dealers')).toEqual(['Detach Garage']);

    const detached = await putTree({ ...input, detachRemoved: true });
    expect(detached.statusCode, detached.body).toBe(200);
    expect((await getMember(ctx, shop.id)).json<MemberDetail>().categories).toEqual([]);
    expect(
      await ctx.db.select().from(contactCategories).where(eq(contactCategories.contactId, shop.id)),
    ).toEqual([]);
    expect((await listMembers(ctx, { category: 'car-dealers' })).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const member = await signedInMember(ctx, 'elite');
    expect((await putTree({ categories: [] }, member.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/categories',
      payload: { categories: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
