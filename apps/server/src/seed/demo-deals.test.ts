import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DealList } from '@chamber/contract';
import { createTestApp, signIn, type TestContext } from '../test/app.js';
import { demoAccounts } from './demo-data.js';
import { demoDeals } from './demo-deals.js';
import { seedDemo } from './seed.js';

let ctx: TestContext;
const maria = demoAccounts.find((a) => a.email === 'maria@sweetwaterbakery.example')!;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.db, ctx.clock.now());
});
afterAll(() => ctx.close());

const offers = async (token?: string) => {
  const res = await ctx.app.inject({
    url: '/api/deals',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res
    .json<DealList>()
    .deals.map((d) => d.offer ?? d.code)
    .sort();
};

it('the demo chamber has a public deal and a members-only one, once however often it is seeded', async () => {
  const [open, closed] = demoDeals;
  const visitor = await offers();
  expect(visitor).toContain(open.offer);
  expect(visitor).not.toContain(closed.offer);
  // The elite listings' coupon codes come with real offers, none as a bare code.
  expect(visitor).toEqual(
    expect.arrayContaining([
      '$5 off every gallon of interior paint this spring',
      'Free whitening kit with a new-patient exam',
    ]),
  );
  const listed = (await ctx.app.inject({ url: '/api/deals' })).json<DealList>().deals;
  expect(listed.filter((d) => d.offer === null).map((d) => d.code)).toEqual([]);
  expect(listed.map((d) => d.code)).toEqual(expect.arrayContaining(['SPRINGPAINT', 'NEWSMILE']));
  const codes = listed.map((d) => `${d.contactId} ${d.code}`);
  expect(new Set(codes).size, "no listing's code listed twice").toBe(codes.length);

  const report = await seedDemo(ctx.db, ctx.clock.now());
  expect(report.lines).toContain('deals: 0 created, 2 already present');
  expect(report.lines).toContain('deals: 0 coupon offers written');
  const member = await offers(await signIn(ctx, maria.email, maria.password));
  expect(member.filter((o) => o === open.offer || o === closed.offer)).toEqual(
    [open.offer, closed.offer].sort(),
  );
});
