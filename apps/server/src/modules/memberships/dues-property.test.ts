import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, daysInclusive } from '@chamber/contract';
import {
  invoices,
  membershipPlans,
  membershipSettings,
  memberships,
  membershipTerms,
  payments,
  users,
} from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { createTestApp, createTestUser, type TestContext } from '../../test/app.js';
import { startSmtpServer } from '../../test/smtp.js';
import { BillingService } from '../billing/index.js';
import { membershipBilling } from './billing-adapter.js';
import { runDues } from './dues-run.js';
import { MembershipsService } from './service.js';

// A property of the dues as a whole: over a generated year of joins, renewals, upgrades,
// downgrades, payments early, late and never, grace and lapse (the dues run each day waited,
// the clock injected, PostgreSQL real), the money a member paid covers the daily price of the
// plan they held on every day paid for, and is never more than one full price per plan-day.
// docs/decisions/0100-upgrades-are-priced-on-the-day.md.

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let billing: BillingService;
let service: MembershipsService;
let plans: { id: string; slug: string; priceCents: number }[];

const at = (day: string) => new Date(`${day}T19:00:00Z`);
const setDay = (clock: Clock & { advance(ms: number): void }, day: string) =>
  clock.advance(at(day).getTime() - clock.now().getTime());

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
  billing = new BillingService(ctx.db, ctx.clock);
  service = new MembershipsService(ctx.db, ctx.clock, membershipBilling(billing));
  await ctx.db.update(membershipSettings).set({
    termRule: 'anniversary',
    graceDays: 30,
    staffApproveNewMembers: false,
  });
  plans = (await ctx.db.select().from(membershipPlans)).sort((a, b) => a.priceCents - b.priceCents);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

type Step =
  | { wait: number; act: 'join'; plan: number }
  | { wait: number; act: 'renew' }
  | { wait: number; act: 'change'; plan: number }
  | { wait: number; act: 'pay'; which: number; late: number };

const wait = fc.oneof(
  { arbitrary: fc.constant(0), weight: 1 },
  { arbitrary: fc.nat(60), weight: 3 },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ wait, act: fc.constant('join' as const), plan: fc.nat(2) }), weight: 1 },
  { arbitrary: fc.record({ wait, act: fc.constant('renew' as const) }), weight: 2 },
  {
    arbitrary: fc.record({ wait, act: fc.constant('change' as const), plan: fc.nat(2) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      wait,
      act: fc.constant('pay' as const),
      which: fc.nat(2),
      // A check written some days before it is recorded.
      late: fc.oneof(fc.constant(0), fc.nat(5)),
    }),
    weight: 3,
  },
);
/** About a year: steps until the days waited pass 365. */
const year = fc.array(step, { minLength: 4, maxLength: 24 }).map((steps) => {
  let days = 0;
  return steps.filter((s) => (days += s.wait) <= 365);
});

/** Cases the issue found, always played first (from 5 January 2026). */
const examples: Step[][] = [
  // Basic with 21 days left: an upgrade to Elite asked for, a renewal, both paid.
  [
    { wait: 0, act: 'join', plan: 0 },
    { wait: 0, act: 'pay', which: 0, late: 0 },
    { wait: 344, act: 'change', plan: 2 },
    { wait: 0, act: 'renew' },
    { wait: 0, act: 'pay', which: 1, late: 0 },
    { wait: 0, act: 'pay', which: 0, late: 0 },
  ],
  // An upgrade in grace.
  [
    { wait: 0, act: 'join', plan: 0 },
    { wait: 0, act: 'pay', which: 0, late: 0 },
    { wait: 375, act: 'change', plan: 2 },
    { wait: 0, act: 'pay', which: 0, late: 0 },
  ],
  // Elite, a downgrade to Basic asked for, the renewal paid two months early.
  [
    { wait: 0, act: 'join', plan: 2 },
    { wait: 0, act: 'pay', which: 0, late: 0 },
    { wait: 300, act: 'change', plan: 0 },
    { wait: 0, act: 'renew' },
    { wait: 0, act: 'pay', which: 0, late: 0 },
  ],
];

let n = 0;
async function newMember(): Promise<Session> {
  n += 1;
  const user = await createTestUser(ctx.db, {
    email: `owner${n}@property${n}.example`,
    contact: { businessName: `Property ${n}`, paymentStatus: 'pending' },
  });
  const row = (await ctx.db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
  return { tokenId: 't', expiresAt: new Date(Date.now() + 86_400_000), user: row, contact: null };
}

/** What the member did each day: the plan held at the day's end and the paid-through date. */
interface Snapshot {
  day: string;
  planId: string;
  paidThrough: string | null;
}

async function play(steps: Step[]) {
  const start = '2026-01-05';
  setDay(ctx.clock, start);
  const session = await newMember();
  let day = start;
  const snapshots: Snapshot[] = [];
  const ignoreRefusals = async (act: () => Promise<unknown>) => {
    try {
      await act();
    } catch (error) {
      // The rules refusing something (409, 404...) is part of the game; anything else is not.
      if (!(error instanceof AppError)) throw error;
    }
  };
  const snapshot = async () => {
    const m = await membershipOf(session);
    if (!m) return;
    const seen = { day, planId: m.planId, paidThrough: m.paidThrough };
    if (snapshots.at(-1)?.day === day) snapshots[snapshots.length - 1] = seen;
    else snapshots.push(seen);
  };
  for (const s of steps) {
    if (s.wait > 0) {
      const target = addDays(day, s.wait);
      // The dues run every hour; here it runs on the day a renewal paid ahead changes the
      // plan, and at the end of the wait (grace and lapse go by the dates).
      const m = await membershipOf(session);
      const [switching] = m?.nextPlanId
        ? await ctx.db
            .select({ startsOn: membershipTerms.startsOn })
            .from(membershipTerms)
            .where(
              and(
                eq(membershipTerms.membershipId, m.id),
                eq(membershipTerms.planId, m.nextPlanId),
                gt(membershipTerms.startsOn, day),
                lte(membershipTerms.startsOn, target),
              ),
            )
        : [];
      if (switching) {
        day = switching.startsOn;
        setDay(ctx.clock, day);
        await runDues(ctx.db, ctx.clock);
        await snapshot();
      }
      day = target;
      setDay(ctx.clock, day);
      await runDues(ctx.db, ctx.clock);
    }
    const plan = plans[s.act === 'join' || s.act === 'change' ? s.plan : 0]!;
    if (s.act === 'join') await ignoreRefusals(() => service.join(session, { planId: plan.id }));
    if (s.act === 'renew') await ignoreRefusals(() => service.renew(session));
    if (s.act === 'change') await ignoreRefusals(() => service.changePlan(session, plan.id));
    if (s.act === 'pay') {
      const m = await membershipOf(session);
      const open = m
        ? await ctx.db
            .select()
            .from(invoices)
            .where(and(eq(invoices.membershipId, m.id), eq(invoices.status, 'open')))
            .orderBy(invoices.createdAt)
        : [];
      const invoice = open[s.which % Math.max(open.length, 1)];
      const receivedOn = addDays(day, -s.late);
      if (invoice && receivedOn >= invoice.issuedOn) {
        await ignoreRefusals(() =>
          ctx.db.transaction((tx) =>
            billing.recordPayment(tx, {
              invoiceId: invoice.id,
              amountCents: invoice.totalCents,
              method: 'check',
              reference: '1001',
              receivedOn,
            }),
          ),
        );
      }
    }
    await snapshot();
  }
  return { session, snapshots };
}

const membershipOf = async (s: Session) =>
  ctx.db.query.memberships.findFirst({ where: eq(memberships.contactId, s.user.contactId!) });

/**
 * The money paid, and what the days paid for cost at the daily price of the plan held: a day
 * is paid for when a term covers it; its plan is the membership's at the end of that day (the
 * last one seen for days after the year, or the next plan from the first day of a renewal paid
 * onto it), or, for a day in grace (not paid yet that day), the plan of the term that later
 * paid it, or, for a day an upgrade's term covers, the upgrade's plan (from the day its
 * payment was received, even when recorded later); its daily price is the plan's price over the days of
 * the joined or renewed term it falls in.
 */
async function account(session: Session, snapshots: Snapshot[]) {
  const m = await membershipOf(session);
  if (!m) return null;
  const paid = await ctx.db
    .select({ amountCents: payments.amountCents, kind: payments.kind })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.membershipId, m.id));
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  const terms = await ctx.db
    .select({
      planId: membershipTerms.planId,
      startsOn: membershipTerms.startsOn,
      endsOn: membershipTerms.endsOn,
      purpose: invoices.purpose,
    })
    .from(membershipTerms)
    .innerJoin(invoices, eq(invoices.id, membershipTerms.invoiceId))
    .where(eq(membershipTerms.membershipId, m.id))
    .orderBy(membershipTerms.createdAt);
  const whole = terms.filter((t) => t.purpose !== 'membership_upgrade');
  const lines = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.membershipId, m.id), inArray(invoices.status, ['paid'])));
  const priceOf = new Map(plans.map((p) => [p.id, p.priceCents]));
  let owedCents = 0;
  const first = whole.reduce<string | null>(
    (min, t) => (min === null || t.startsOn < min ? t.startsOn : min),
    null,
  );
  if (first && m.paidThrough) {
    expect(whole.at(-1)?.endsOn ?? m.paidThrough).toBe(m.paidThrough);
    for (let d = first; d <= m.paidThrough; d = addDays(d, 1)) {
      const covering = terms.filter((t) => t.startsOn <= d && d <= t.endsOn);
      if (covering.length === 0) continue;
      const term = whole.filter((t) => t.startsOn <= d && d <= t.endsOn).at(-1)!;
      const seen = snapshots.filter((s) => s.day <= d).at(-1)!;
      const inGrace = seen.paidThrough === null || seen.paidThrough < d;
      // After the year, a renewal paid onto another plan changes the plan on its first day.
      const scheduled = d > seen.day && m.nextPlanId && covering.at(-1)!.planId === m.nextPlanId;
      // An upgrade holds from the day its payment was received, as its term says, also when
      // the payment was recorded days later (a check back-dated to the day it came in).
      const upgraded = covering.at(-1)!.purpose === 'membership_upgrade';
      const held = inGrace || scheduled || upgraded ? covering.at(-1)!.planId : seen.planId;
      owedCents += priceOf.get(held)! / daysInclusive(term.startsOn, term.endsOn);
    }
  }
  return { paidCents, owedCents, invoicesPaid: lines.length };
}

it('charges every plan-day its daily price, once, over a generated year', async () => {
  await fc.assert(
    fc.asyncProperty(year, async (steps) => {
      const { session, snapshots } = await play(steps);
      const books = await account(session, snapshots);
      if (!books) return;
      // Each invoice line is rounded to the cent once; an upgrade has at most two.
      const rounding = books.invoicesPaid * 2 * 0.5 + 1e-6;
      expect(books.paidCents).toBeGreaterThanOrEqual(books.owedCents - rounding);
      expect(books.paidCents).toBeLessThanOrEqual(books.owedCents + rounding);
    }),
    {
      numRuns: Number(process.env.DUES_PROPERTY_RUNS ?? 20),
      examples: examples.map((steps) => [steps]),
      endOnFailure: true,
    },
  );
}, 300_000);
