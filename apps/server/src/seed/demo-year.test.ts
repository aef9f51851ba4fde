import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AmbassadorList, MembershipValue } from '@chamber/contract';
import { createTestApp, signIn, type TestContext } from '../test/app.js';
import { seedDemoCelebrations } from './demo-celebrations.js';
import { demoAccounts } from './demo-data.js';
import { seedDemo } from './seed.js';
import { seedDemoYear } from './demo-year.js';

let ctx: TestContext;
const maria = demoAccounts.find((a) => a.email === 'maria@sweetwaterbakery.example')!;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.db, ctx.clock.now());
});
afterAll(() => ctx.close());

it('gives a demo member a plausible year of views and clicks, the same on every run', async () => {
  const res = await ctx.app.inject({
    url: '/api/membership/value',
    headers: { authorization: `Bearer ${await signIn(ctx, maria.email, maria.password)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const year = res.json<MembershipValue>();
  expect(year.listingViews).toBeGreaterThan(300);
  expect(year.websiteClicks).toBeGreaterThan(10);
  expect(year.websiteClicks).toBeLessThan(year.listingViews);
  expect(await seedDemoYear(ctx.db, ctx.clock.now())).toEqual([
    'listing counts: 0 daily totals over the past year',
  ]);
});

it('makes two members’ people ambassadors, whom staff see on the celebrations screen', async () => {
  const admin = demoAccounts.find((a) => a.role === 'admin')!;
  const res = await ctx.app.inject({
    url: '/api/admin/celebration-ambassadors',
    headers: { authorization: `Bearer ${await signIn(ctx, admin.email, admin.password)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { ambassadors } = res.json<AmbassadorList>();
  expect(ambassadors.map((a) => a.email).sort()).toEqual([
    'maria@sweetwaterbakery.example',
    'priya@jordanrivercpa.example',
  ]);
  expect(await seedDemoCelebrations(ctx.db, undefined, ctx.clock.now())).toContain(
    'celebration ambassadors: 0 added',
  );
});
