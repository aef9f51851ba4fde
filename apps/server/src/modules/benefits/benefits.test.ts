import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberBenefits, PromoCheck, PromoCode, PromoCodeList } from '@chamber/contract';
import { benefitUsage, eventTicketTypes, membershipPlans, promoCodes, users } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { AppError } from '../../lib/errors.js';
import { resolveTarget } from '../calendars/index.js';
import { discountEventOf, discountsFor, type OrderLine, percentOf, redeem } from './index.js';

let ctx: TestContext;
const people = {} as Record<
  'member' | 'enhanced' | 'visitor' | 'moderator',
  { token: string; contactId: string | null; userId: string }
>;
let lunch: { eventId: string; seat: string; table: string };
let dinner: { eventId: string; seat: string };

const FREE_LUNCH = '9a3b1c4d-0000-4000-8000-000000000001';

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
  const make = async (
    role: 'member' | 'moderator',
    contact: boolean | { membershipTier: 'enhanced' | 'standard' } = true,
  ) => {
    const user = await createTestUser(ctx.db, { role, contact });
    return { token: await signIn(ctx, user.email), contactId: user.contactId, userId: user.id };
  };
  people.member = await make('member');
  people.enhanced = await make('member', { membershipTier: 'enhanced' });
  people.visitor = await make('member', false);
  people.moderator = await make('moderator', false);

  const event = async (title: string) =>
    (
      await createEvent(ctx.db, {
        calendarId: 'racc-events',
        title,
        startTime: new Date('2026-04-15T18:00:00Z'),
      })
    ).id;
  const type = async (eventId: string, name: string, priceCents: number, seatsPerTicket = 1) => {
    const [row] = await ctx.db
      .insert(eventTicketTypes)
      .values({ eventId, name, priceCents, memberPriceCents: priceCents, seatsPerTicket })
      .returning();
    return row!.id;
  };
  const lunchId = await event('April Chamber Luncheon');
  lunch = {
    eventId: lunchId,
    seat: await type(lunchId, 'Single seat', 2_500),
    table: await type(lunchId, 'Table of 8', 18_000, 8),
  };
  const dinnerId = await event('Annual Awards Dinner');
  dinner = { eventId: dinnerId, seat: await type(dinnerId, 'Single seat', 9_999) };
  await ctx.db
    .update(membershipPlans)
    .set({
      ticketBenefits: [
        {
          id: FREE_LUNCH,
          kind: 'free_ticket',
          label: 'One free luncheon ticket per month (not the Annual Dinner)',
          count: 1,
          period: 'month',
          eventId: null,
          eventTag: 'luncheon',
          excludedEventIds: [],
          ticketTypeId: null,
          ticketTypeName: null,
          priceCents: null,
          until: null,
        },
      ],
    })
    .where(eq(membershipPlans.level, 'enhanced'));
});
afterAll(() => ctx.close());

const codeInput = {
  code: 'SPONSOR20',
  description: 'For the dinner sponsors',
  kind: 'percent',
  percentOff: 20 as number | null,
  amountOffCents: null as number | null,
  eventId: null as string | null,
  ticketTypeIds: [] as string[],
  usageLimit: null as number | null,
  validFrom: null as string | null,
  validUntil: null as string | null,
  membersOnly: false,
};

const createCode = async (input: Partial<typeof codeInput>, token = people.moderator.token) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: bearer(token),
    payload: { ...codeInput, ...input },
  });
  return res;
};
const created = async (input: Partial<typeof codeInput>) => {
  const res = await createCode(input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromoCode>();
};
const check = async (
  eventId: string,
  code: string,
  items: { typeId: string; quantity: number }[],
  token?: string,
) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/promo-codes/check`,
    headers: bearer(token),
    payload: { code, items },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PromoCheck>();
};
const refusedFor = async (...args: Parameters<typeof check>) => {
  const answer = await check(...args);
  if (answer.applies) throw new Error('expected a refusal');
  return answer;
};

describe('promo codes kept by staff', () => {
  it('creates, lists with uses, and refuses a code taken in another case', async () => {
    const code = await created({
      code: 'Spring10',
      kind: 'amount',
      percentOff: null,
      amountOffCents: 1_000,
    });
    expect(code).toMatchObject({ code: 'Spring10', uses: 0, status: 'active', eventTitle: null });
    const again = await createCode({ code: 'SPRING10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('SPRING10');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/promo-codes',
      headers: bearer(people.moderator.token),
    });
    expect(list.json<PromoCodeList>().codes.map((c) => c.code)).toContain('Spring10');
  });

  it('refuses members and visitors', async () => {
    expect((await createCode({ code: 'MINE' }, people.member.token)).statusCode).toBe(403);
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/admin/promo-codes' });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses bad input with the field’s reason', async () => {
    const res = await createCode({ code: 'X', percentOff: null });
    expect(res.statusCode).toBe(400);
    const types = await createCode({ code: 'TYPES', ticketTypeIds: [lunch.seat] });
    expect(types.statusCode).toBe(400);
    const foreign = await createCode({
      code: 'FOREIGN',
      eventId: dinner.eventId,
      ticketTypeIds: [lunch.seat],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('deletes a code never used; a used one is ended instead', async () => {
    const unused = await created({ code: 'UNUSED' });
    const del = (id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/promo-codes/${id}`,
        headers: bearer(people.moderator.token),
      });
    expect((await del(unused.id)).statusCode).toBe(204);
    const used = await created({ code: 'USEDONCE' });
    await ctx.db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.id, used.id));
    const refused = await del(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('end it');
    const ended = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/promo-codes/${used.id}/end`,
      headers: bearer(people.moderator.token),
    });
    expect(ended.json<PromoCode>()).toMatchObject({ status: 'ended', uses: 1 });
    const answer = await refusedFor(lunch.eventId, 'usedonce', [
      { typeId: lunch.seat, quantity: 1 },
    ]);
    expect(answer.reason).toBe('expired');
  });
});

describe('what a code takes off', () => {
  it('a percentage off each line, rounded half up per line; codes in any case', async () => {
    await created({ code: 'THIRD', percentOff: 33 });
    const answer = await check(lunch.eventId, 'third', [
      { typeId: lunch.seat, quantity: 3 },
      { typeId: lunch.table, quantity: 1 },
    ]);
    // 3 × 2,500 = 7,500 → 2,475; 18,000 → 5,940.
    expect(answer).toMatchObject({
      applies: true,
      subtotalCents: 25_500,
      discountCents: 2_475 + 5_940,
      totalCents: 25_500 - 8_415,
      lines: [
        { typeId: lunch.seat, discountCents: 2_475 },
        { typeId: lunch.table, discountCents: 5_940 },
      ],
    });
    expect(percentOf(25, 50)).toBe(13);
  });

  it('an amount off the order, never below zero', async () => {
    await created({ code: 'FIFTY', kind: 'amount', percentOff: null, amountOffCents: 5_000 });
    const answer = await check(lunch.eventId, 'FIFTY', [{ typeId: lunch.seat, quantity: 1 }]);
    expect(answer).toMatchObject({ applies: true, discountCents: 2_500, totalCents: 0 });
    const two = await check(lunch.eventId, 'FIFTY', [
      { typeId: lunch.seat, quantity: 1 },
      { typeId: lunch.table, quantity: 1 },
    ]);
    expect(two).toMatchObject({
      applies: true,
      discountCents: 5_000,
      totalCents: 20_500 - 5_000,
      lines: [
        { typeId: lunch.seat, discountCents: 2_500 },
        { typeId: lunch.table, discountCents: 2_500 },
      ],
    });
  });

  it('a code for chosen types takes off only their lines; for an event, all of them', async () => {
    await created({
      code: 'TABLES',
      eventId: lunch.eventId,
      ticketTypeIds: [lunch.table],
      percentOff: 10,
    });
    const answer = await check(lunch.eventId, 'TABLES', [
      { typeId: lunch.seat, quantity: 2 },
      { typeId: lunch.table, quantity: 1 },
    ]);
    expect(answer).toMatchObject({
      applies: true,
      lines: [
        { typeId: lunch.seat, discountCents: 0 },
        { typeId: lunch.table, discountCents: 1_800 },
      ],
    });
    await created({ code: 'LUNCHALL', eventId: lunch.eventId, percentOff: 10 });
    const all = await check(lunch.eventId, 'LUNCHALL', [
      { typeId: lunch.seat, quantity: 2 },
      { typeId: lunch.table, quantity: 1 },
    ]);
    expect(all).toMatchObject({ applies: true, discountCents: 500 + 1_800 });
  });
});

describe('refusals, each with its reason', () => {
  const seat = () => [{ typeId: lunch.seat, quantity: 1 }];

  it('an unknown code', async () => {
    const answer = await refusedFor(lunch.eventId, 'NOSUCH', seat());
    expect(answer).toEqual({
      applies: false,
      reason: 'unknown',
      message: 'There is no promo code NOSUCH.',
    });
  });

  it('a window read from the injectable clock: not yet valid, then valid, then expired', async () => {
    const now = ctx.clock.now().getTime();
    await created({
      code: 'WINDOW',
      validFrom: new Date(now + 3_600_000).toISOString(),
      validUntil: new Date(now + 7_200_000).toISOString(),
    });
    const early = await refusedFor(lunch.eventId, 'WINDOW', seat());
    expect(early.reason).toBe('not_yet_valid');
    expect(early.message).toContain('valid from');
    ctx.clock.advance(3_600_000);
    expect((await check(lunch.eventId, 'WINDOW', seat())).applies).toBe(true);
    ctx.clock.advance(3_600_000);
    expect((await refusedFor(lunch.eventId, 'WINDOW', seat())).reason).toBe('expired');
  });

  it('a used-up code', async () => {
    const code = await created({ code: 'ONCE', usageLimit: 1 });
    await ctx.db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.id, code.id));
    const answer = await refusedFor(lunch.eventId, 'ONCE', seat());
    expect(answer).toMatchObject({
      reason: 'used_up',
      message: 'The promo code ONCE has been used up.',
    });
  });

  it('a code of another event, or of types not chosen', async () => {
    await created({ code: 'DINNERONLY', eventId: dinner.eventId });
    expect((await refusedFor(lunch.eventId, 'DINNERONLY', seat())).reason).toBe('wrong_event');
    await created({ code: 'TABLEONLY', eventId: lunch.eventId, ticketTypeIds: [lunch.table] });
    expect((await refusedFor(lunch.eventId, 'TABLEONLY', seat())).reason).toBe('wrong_type');
  });

  it('a members-only code used by a visitor, and by a member', async () => {
    await created({ code: 'MEMBERS', membersOnly: true });
    const anon = await refusedFor(lunch.eventId, 'MEMBERS', seat());
    expect(anon.reason).toBe('members_only');
    const visitor = await refusedFor(lunch.eventId, 'MEMBERS', seat(), people.visitor.token);
    expect(visitor.reason).toBe('members_only');
    expect((await check(lunch.eventId, 'MEMBERS', seat(), people.member.token)).applies).toBe(true);
  });
});

/** Runs `work` in two transactions at once, each holding its locks a moment before committing. */
async function inParallel(
  work: (
    tx: Parameters<Parameters<TestContext['db']['transaction']>[0]>[0],
    n: number,
  ) => Promise<void>,
) {
  return Promise.allSettled(
    [0, 1].map((n) =>
      ctx.db.transaction(async (tx) => {
        await work(tx, n);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }),
    ),
  );
}

/** The luncheon as an order's caller hands it to `discountsFor`, resolved. */
const lunchEvent = async () =>
  discountEventOf(await resolveTarget(ctx.db, lunch.eventId), lunch.eventId);

const lines = (typeId: string, quantity = 1): OrderLine[] => [
  { typeId, name: 'Single seat', quantity, seatsPerTicket: 1, unitCents: 2_500 },
];

describe('redemptions under parallel orders', () => {
  it('a code with one use left is used by one of two parallel orders; the other is refused', async () => {
    const code = await created({ code: 'LASTONE', usageLimit: 1 });
    const event = await lunchEvent();
    const priced = await Promise.all(
      [0, 1].map(() =>
        discountsFor(ctx.db, {
          event,
          lines: lines(lunch.seat),
          viewer: { isMember: false },
          promoCode: 'lastone',
          at: ctx.clock.now(),
        }),
      ),
    );
    const results = await inParallel(async (tx, n) => {
      const answer = priced[n]!;
      if ('error' in answer) throw new Error(answer.error.message);
      await redeem(tx, { registrationId: crypto.randomUUID(), redemptions: answer.redemptions });
    });
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(AppError);
    expect((failed.reason as AppError).status).toBe(409);
    const [row] = await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row!.uses).toBe(1);
  });

  it("a plan's free ticket is taken once in its month by two parallel orders", async () => {
    const viewer = {
      userId: people.enhanced.userId,
      businessId: people.enhanced.contactId!,
      isMember: true,
    };
    const event = await lunchEvent();
    const priced = await Promise.all(
      [0, 1].map(() =>
        discountsFor(ctx.db, {
          event,
          lines: lines(lunch.seat, 2),
          viewer,
          at: ctx.clock.now(),
        }),
      ),
    );
    for (const answer of priced) {
      expect(answer).toMatchObject({
        lines: [{ typeId: lunch.seat, discountCents: 2_500 }],
        discounts: [{ kind: 'benefit', amountCents: 2_500, benefitId: FREE_LUNCH }],
      });
    }
    const results = await inParallel(async (tx, n) => {
      const answer = priced[n]!;
      if ('error' in answer) throw new Error(answer.error.message);
      await redeem(tx, { registrationId: crypto.randomUUID(), redemptions: answer.redemptions });
    });
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rows = await ctx.db
      .select()
      .from(benefitUsage)
      .where(eq(benefitUsage.contactId, people.enhanced.contactId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.used).toBe(1);
    // Taken this month: the next order pays, and the benefits page says none is left.
    const after = await discountsFor(ctx.db, {
      event,
      lines: lines(lunch.seat),
      viewer,
      at: ctx.clock.now(),
    });
    expect(after).toMatchObject({ discounts: [], lines: [{ discountCents: 0 }] });
  });
});

describe('plan benefits', () => {
  const benefitsOf = (id: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/members/${id}/benefits`, headers: bearer(token) });

  it('apply by themselves to events they reach, with a code on what is left', async () => {
    // A fresh business on the Enhanced plan: its free luncheon ticket, then 10% off the rest.
    const user = await createTestUser(ctx.db, { contact: { membershipTier: 'enhanced' } });
    const token = await signIn(ctx, user.email);
    await created({ code: 'TENOFF', percentOff: 10 });
    const answer = await check(
      lunch.eventId,
      'TENOFF',
      [{ typeId: lunch.seat, quantity: 2 }],
      token,
    );
    expect(answer).toMatchObject({
      applies: true,
      subtotalCents: 5_000,
      discounts: [
        { kind: 'benefit', amountCents: 2_500 },
        { kind: 'promo', amountCents: 250 },
      ],
      totalCents: 2_250,
    });
    // The Annual Dinner is not a luncheon: no free ticket.
    const atDinner = await check(
      dinner.eventId,
      'TENOFF',
      [{ typeId: dinner.seat, quantity: 1 }],
      token,
    );
    expect(atDinner).toMatchObject({
      applies: true,
      discounts: [{ kind: 'promo' }],
      totalCents: 8_999,
    });
    // A Basic member has no free ticket.
    const basic = await check(
      lunch.eventId,
      'TENOFF',
      [{ typeId: lunch.seat, quantity: 1 }],
      people.member.token,
    );
    expect(basic).toMatchObject({ applies: true, discounts: [{ kind: 'promo' }] });
  });

  it("answer used and left to the business's people and staff, and refuse others", async () => {
    const mine = await benefitsOf(people.enhanced.contactId!, people.enhanced.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<MemberBenefits>()).toMatchObject({
      current: true,
      benefits: [{ id: FREE_LUNCH, used: 1, left: 0, period: 'month' }],
    });
    const staff = await benefitsOf(people.enhanced.contactId!, people.moderator.token);
    expect(staff.json<MemberBenefits>().benefits[0]).toMatchObject({ used: 1, left: 0 });
    expect((await benefitsOf(people.enhanced.contactId!, people.member.token)).statusCode).toBe(
      403,
    );
    expect((await benefitsOf(people.enhanced.contactId!, people.visitor.token)).statusCode).toBe(
      403,
    );
    expect((await benefitsOf(people.enhanced.contactId!)).statusCode).toBe(401);
    expect((await benefitsOf(crypto.randomUUID(), people.moderator.token)).statusCode).toBe(404);
  });

  it('come back in the next month', async () => {
    const before = (
      await benefitsOf(people.enhanced.contactId!, people.enhanced.token)
    ).json<MemberBenefits>();
    ctx.clock.advance(31 * 86_400_000);
    // A month on, the session has expired: a fresh one.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, people.enhanced.userId));
    const token = await signIn(ctx, row!.email);
    const res = await benefitsOf(people.enhanced.contactId!, token);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<MemberBenefits>();
    expect(after.benefits[0]!.periodKey).not.toBe(before.benefits[0]!.periodKey);
    expect(after.benefits[0]).toMatchObject({ used: 0, left: 1 });
  });
});
