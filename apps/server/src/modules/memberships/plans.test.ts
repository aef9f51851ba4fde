import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, MembershipPlan, MembershipPlanList } from '@chamber/contract';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';

let ctx: TestContext;
let tokens: Record<'member' | 'moderator' | 'admin', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const as = async (role: 'member' | 'moderator' | 'admin') =>
    signIn(ctx, (await createTestUser(ctx.db, { role })).email);
  tokens = {
    member: await as('member'),
    moderator: await as('moderator'),
    admin: await as('admin'),
  };
});
afterAll(() => ctx.close());

const plans = async () => {
  const res = await ctx.app.inject({ url: '/api/membership-plans' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MembershipPlanList>().plans;
};
const byLevel = async (level: MembershipPlan['level']) =>
  (await plans()).find((p) => p.level === level)!;

const editOf = (plan: MembershipPlan) => ({
  name: plan.name,
  description: plan.description,
  priceCents: plan.priceCents,
  benefits: plan.benefits,
  highlights: plan.highlights,
  available: plan.available,
  featured: plan.featured,
});

const put = (id: string, body: object, token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/membership-plans/${id}`,
    headers: bearer(token),
    payload: body,
  });

describe('GET /api/membership-plans', () => {
  it("answers the seeded plans to everyone, lowest first, in cents and the chamber's currency", async () => {
    const res = await ctx.app.inject({ url: '/api/membership-plans' });
    expect(res.headers['cache-control']).toBe('no-cache');
    const list = res.json<MembershipPlanList>().plans;
    expect(list.map((p) => [p.level, p.name, p.slug, p.priceCents, p.currency])).toEqual([
      ['standard', 'Basic', 'basic', 30000, 'USD'],
      ['enhanced', 'Enhanced', 'enhanced', 55000, 'USD'],
      ['elite', 'Elite', 'elite', 90000, 'USD'],
    ]);
    expect(list.filter((p) => p.featured).map((p) => p.level)).toEqual(['enhanced']);
    expect(list.find((p) => p.level === 'elite')!.benefits).toContain('A yearly radio spotlight');
    expect(list.every((p) => p.available && p.highlights.length > 0)).toBe(true);
  });
});

describe('PUT /api/admin/membership-plans/{id}', () => {
  it('lets only admins edit, shows the change to visitors at once, and audits it', async () => {
    const enhanced = await byLevel('enhanced');
    const body = {
      ...editOf(enhanced),
      name: 'Enhanced Plus',
      priceCents: 61_500,
      benefits: [...enhanced.benefits, 'A second luncheon ticket in December'],
    };
    expect((await put(enhanced.id, body)).statusCode).toBe(401);
    expect((await put(enhanced.id, body, tokens.member)).statusCode).toBe(403);
    expect((await put(enhanced.id, body, tokens.moderator)).statusCode).toBe(403);
    const res = await put(enhanced.id, body, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ plan: MembershipPlan }>().plan).toMatchObject({
      id: enhanced.id,
      level: 'enhanced',
      name: 'Enhanced Plus',
      priceCents: 61_500,
    });

    // The kept public answer follows the edit.
    expect(await byLevel('enhanced')).toMatchObject({ name: 'Enhanced Plus', priceCents: 61_500 });

    const audit = (
      await ctx.app.inject({ url: '/api/admin/audit', headers: bearer(tokens.admin) })
    ).json<AuditList>();
    const entry = audit.entries.find((e) => e.action === 'membership_plan.update')!;
    expect(entry).toMatchObject({
      target: { type: 'membership_plan', id: enhanced.id, label: 'Enhanced Plus' },
      before: { name: 'Enhanced', priceCents: 55_000, benefits: enhanced.benefits },
      after: { name: 'Enhanced Plus', priceCents: 61_500, benefits: body.benefits },
    });
    // Unchanged fields are not in the entry.
    expect(Object.keys(entry.before ?? {}).sort()).toEqual(['benefits', 'name', 'priceCents']);
  });

  it("keeps one plan 'Most Popular': featuring one takes the mark off the other", async () => {
    const elite = await byLevel('elite');
    const res = await put(elite.id, { ...editOf(elite), featured: true }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await plans()).filter((p) => p.featured).map((p) => p.level)).toEqual(['elite']);
  });

  it('takes a plan off sale, keeping it in the list', async () => {
    const basic = await byLevel('standard');
    expect(
      (await put(basic.id, { ...editOf(basic), available: false }, tokens.admin)).statusCode,
    ).toBe(200);
    expect(await byLevel('standard')).toMatchObject({ name: 'Basic', available: false });
    await put(basic.id, editOf(basic), tokens.admin);
  });

  it('refuses bad input with a 400 naming the field, and an unknown plan with a 404', async () => {
    const elite = await byLevel('elite');
    const cases: [object, string][] = [
      [{ priceCents: -1 }, 'priceCents'],
      [{ priceCents: 12.5 }, 'priceCents'],
      [{ priceCents: 1e12 }, 'priceCents'],
      [{ name: '   ' }, 'name'],
      [{ benefits: [''] }, 'benefits.0'],
      [{ benefits: Array.from({ length: 31 }, (_, i) => `Benefit ${i}`) }, 'benefits'],
      [{ highlights: ['x'.repeat(201)] }, 'highlights.0'],
      [{ description: 'x'.repeat(501) }, 'description'],
    ];
    for (const [change, field] of cases) {
      const res = await put(elite.id, { ...editOf(elite), ...change }, tokens.admin);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const answer = res.json<{ error: string; issues: { path: string }[] }>();
      expect(answer.issues.map((i) => i.path)).toContain(field);
    }
    const { level: _level, ...withoutLevel } = { ...editOf(elite), level: 'standard' };
    expect(
      (await put(elite.id, { ...withoutLevel, level: 'standard' }, tokens.admin)).json(),
    ).toMatchObject({ plan: { level: 'elite' } });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await put(id, editOf(elite), tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Membership plan not found' });
    }
    expect(await byLevel('elite')).toMatchObject({ priceCents: elite.priceCents });
  });
});
