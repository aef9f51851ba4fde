import { and, eq, inArray } from 'drizzle-orm';
import { addDays, addYears, dateKeyIn, type PaymentMethod } from '@chamber/contract';
import {
  contacts,
  type Database,
  invoices,
  memberships,
  membershipSettings,
  users,
} from '@chamber/db';
import { manualClock } from '../lib/clock.js';
import { BillingService } from '../modules/billing/index.js';
import {
  advanceStanding,
  membershipBilling,
  MembershipsService,
} from '../modules/memberships/index.js';
import type { Session } from '../plugins/auth.js';
import { demoPaymentDetails, TIMEZONE } from './demo-data.js';

/**
 * The demo chamber's dues, one member in each state (docs/guide/quick-start.md), made the way the
 * portal makes them: joins and renewals through MembershipsService, invoices numbered by
 * BillingService, payments recorded as staff record a check or a transfer, and grace and lapse
 * by the dues job's own step. Each is played on a clock set to the day it happened, all of them
 * in the order of their days, so the invoice numbers run in date order without gaps and each
 * membership has its history.
 */
export const duesStories = {
  /** Paid: two years paid, the second by bank transfer 50 days ago; active for most of a year. */
  paid: 'maria@sweetwaterbakery.example',
  /** Lapsing: paid through 14 days from today, the day its renewal reminder goes out. */
  lapsing: 'tom@redwoodhardware.example',
  /** In grace: paid through 21 days ago, 9 days of grace left. */
  grace: 'brian@tolmanheatingandair.example',
  /** Lapsed: paid through 96 days ago, lapsed after 30 days of grace and left the directory. */
  lapsed: 'gordon@lundprintandsign.example',
  /** Pending: joined 3 days ago choosing 'Send me an invoice'; the invoice is open. */
  pending: 'nora@fischerphotography.example',
} as const;

/**
 * Fills in how to pay, unless the chamber has written any of it already (a rerun, or staff
 * who changed it, keep theirs).
 */
export async function seedDemoPaymentDetails(db: Database): Promise<string[]> {
  const filled = await db
    .update(membershipSettings)
    .set({ ...demoPaymentDetails, updatedAt: new Date() })
    .where(
      and(
        eq(membershipSettings.payee, ''),
        eq(membershipSettings.mailingAddress, ''),
        eq(membershipSettings.paymentInstructions, ''),
      ),
    )
    .returning({ id: membershipSettings.id });
  return [filled.length ? 'payment details filled in' : 'payment details already present'];
}

/** The demo contacts whose membership the stories make: they are added without one paid. */
export const duesStoryEmails = new Set<string>(Object.values(duesStories));

type Story = keyof typeof duesStories;

interface Step {
  day: string;
  story: Story | null;
  run: () => Promise<unknown>;
}

/** The day a first term must be paid on (anniversary terms) to run through `paidThrough`. */
const paidOnFor = (paidThrough: string) => addYears(addDays(paidThrough, 1), -1);

/** Noon in the chamber's time zone (Denver) on a day, as an instant. */
const noonOn = (day: string) => new Date(`${day}T19:00:00Z`);

/**
 * Plays the dues stories whose member is still as the seed added it (a pending membership with
 * no invoice); a story already played, or a member whose membership is in use, is left alone.
 */
export async function seedDemoDues(db: Database, now: Date): Promise<string[]> {
  const today = dateKeyIn(now, TIMEZONE);
  const clock = manualClock(noonOn(today));
  const billing = new BillingService(db, clock);
  const service = new MembershipsService(db, clock, membershipBilling(billing));
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);

  const rows = await db
    .select({ user: users, contact: contacts, membership: memberships })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .innerJoin(memberships, eq(memberships.contactId, contacts.id))
    .where(inArray(users.email, [...duesStoryEmails]));
  const played = new Set(
    (
      await db
        .select({ contactId: invoices.contactId })
        .from(invoices)
        .where(
          inArray(
            invoices.contactId,
            rows.map((r) => r.contact.id),
          ),
        )
    ).map((r) => r.contactId),
  );
  const ready = new Map<Story, Session>();
  const lines: string[] = [];
  for (const [story, email] of Object.entries(duesStories) as [Story, string][]) {
    const row = rows.find((r) => r.user.email === email);
    if (!row) continue;
    if (
      played.has(row.contact.id) ||
      row.membership.status !== 'pending' ||
      row.membership.paidThrough
    ) {
      lines.push(`dues: ${email} already has its membership (${row.membership.status})`);
      continue;
    }
    ready.set(story, {
      tokenId: 'demo-data',
      expiresAt: noonOn(addDays(today, 1)),
      user: row.user,
      contact: row.contact,
    });
  }
  if (ready.size === 0) return lines;

  const plans = Object.fromEntries(
    (await db.query.membershipPlans.findMany()).map((p) => [p.level, p.id]),
  );
  const planOf = (story: Story) => {
    const row = rows.find((r) => r.user.email === duesStories[story])!;
    return plans[row.contact.membershipTier]!;
  };
  const join = (story: Story) => async () =>
    (await service.join(ready.get(story)!, { planId: planOf(story) })).invoice!;
  const lastInvoice = new Map<Story, { id: string; totalCents: number }>();
  const pay = (story: Story, method: PaymentMethod, reference: string) => async () => {
    const invoice = lastInvoice.get(story)!;
    await db.transaction((tx) =>
      billing.recordPayment(
        tx,
        {
          invoiceId: invoice.id,
          amountCents: invoice.totalCents,
          method,
          reference,
          recordedByUserId: admin?.id ?? null,
        },
        { id: admin?.id ?? null, label: admin?.email ?? 'demo data' },
      ),
    );
  };
  const invoiced =
    (story: Story, make: () => Promise<{ id: string; totalCents: number }>) => async () => {
      lastInvoice.set(story, await make());
    };
  const renew = (story: Story) => async () => (await service.renew(ready.get(story)!)).invoice!;

  const mariaFirst = addDays(today, -36);
  const tomThrough = addDays(today, 14);
  const brianThrough = addDays(today, -21);
  const gordonThrough = addDays(today, -96);
  const steps: Step[] = [
    // Maria: joined a little over a year ago, renewed before her first year ran out.
    { day: paidOnFor(mariaFirst), story: 'paid', run: invoiced('paid', join('paid')) },
    { day: paidOnFor(mariaFirst), story: 'paid', run: pay('paid', 'check', '2231') },
    { day: addDays(mariaFirst, -20), story: 'paid', run: invoiced('paid', renew('paid')) },
    {
      day: addDays(mariaFirst, -10),
      story: 'paid',
      run: pay('paid', 'bank_transfer', 'SWB-RENEWAL'),
    },
    // Tom: paid his invoice five days after joining; his year ends in two weeks.
    {
      day: addDays(paidOnFor(tomThrough), -5),
      story: 'lapsing',
      run: invoiced('lapsing', join('lapsing')),
    },
    { day: paidOnFor(tomThrough), story: 'lapsing', run: pay('lapsing', 'check', '5120') },
    // Brian: paid a year ago, has not renewed; grace begins when the job next looks.
    { day: paidOnFor(brianThrough), story: 'grace', run: invoiced('grace', join('grace')) },
    { day: paidOnFor(brianThrough), story: 'grace', run: pay('grace', 'cash', '') },
    // Gordon: paid once, went into grace the day after his year, lapsed 30 days later.
    { day: paidOnFor(gordonThrough), story: 'lapsed', run: invoiced('lapsed', join('lapsed')) },
    { day: paidOnFor(gordonThrough), story: 'lapsed', run: pay('lapsed', 'check', '1187') },
    { day: addDays(gordonThrough, 1), story: null, run: () => advanceStanding(db, clock) },
    { day: addDays(gordonThrough, 31), story: null, run: () => advanceStanding(db, clock) },
    // Nora: joined three days ago and asked for an invoice.
    { day: addDays(today, -3), story: 'pending', run: invoiced('pending', join('pending')) },
    { day: today, story: null, run: () => advanceStanding(db, clock) },
  ];
  // Stable: steps of one day keep their order (an invoice before its payment).
  steps.sort((a, b) => a.day.localeCompare(b.day));
  for (const step of steps) {
    if (step.story && !ready.has(step.story)) continue;
    // Noon of its day, but never later than now: the mail today's steps queue is due at once.
    const at = Math.min(noonOn(step.day).getTime(), now.getTime());
    clock.advance(at - clock.now().getTime());
    await step.run();
  }

  const standing = await db
    .select({ email: contacts.email, status: memberships.status, through: memberships.paidThrough })
    .from(memberships)
    .innerJoin(contacts, eq(contacts.id, memberships.contactId))
    .where(
      inArray(
        contacts.email,
        [...ready.keys()].map((s) => duesStories[s]),
      ),
    );
  for (const s of standing) {
    lines.push(`dues: ${s.email} ${s.status}${s.through ? ` through ${s.through}` : ''}`);
  }
  return lines;
}
