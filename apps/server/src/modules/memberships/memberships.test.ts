import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connect,
  contacts,
  invoiceLines,
  invoices,
  listingCounts,
  membershipEvents,
  membershipSettings,
  memberships,
  membershipTerms,
  users,
} from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { Session } from '../../plugins/auth.js';
import { createTestApp, createTestUser, type TestContext } from '../../test/app.js';
import { BillingService } from '../billing/index.js';
import { membershipBilling } from './billing-adapter.js';
import { startSmtpServer } from '../../test/smtp.js';
import { listMembers } from '../../test/members.js';
import { runDues } from './dues-run.js';
import { MembershipsService } from './service.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let billingService: BillingService;
/** Staff record a check for the whole invoice, received on `receivedOn` (default today). */
const billing = {
  pay: async (invoiceId: string, receivedOn?: string) => {
    const invoice = (await ctx.db.query.invoices.findFirst({ where: eq(invoices.id, invoiceId) }))!;
    await ctx.db.transaction((tx) =>
      billingService.recordPayment(tx, {
        invoiceId,
        amountCents: invoice.totalCents,
        method: 'check',
        reference: '1001',
        receivedOn,
      }),
    );
  },
};
let service: MembershipsService;
let plans: Record<'basic' | 'enhanced' | 'elite', string>;

const DAY = 86_400_000;
/** Noon in Denver on a day: the chamber's calendar day is that day. */
const at = (day: string) => new Date(`${day}T19:00:00Z`);
function setDay(day: string) {
  ctx.clock.advance(at(day).getTime() - ctx.clock.now().getTime());
}
/** The dues job's run, then the mail it queued sent from the outbox. */
async function dues() {
  await runDues(ctx.db, ctx.clock);
  await ctx.app.flushMail();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
  billingService = new BillingService(ctx.db, ctx.clock);
  service = new MembershipsService(ctx.db, ctx.clock, membershipBilling(billingService));
  const rows = await ctx.db.query.membershipPlans.findMany();
  plans = Object.fromEntries(rows.map((p) => [p.slug, p.id])) as typeof plans;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  setDay('2026-03-10');
  smtp.received.length = 0;
  await ctx.db
    .update(membershipSettings)
    .set({ termRule: 'anniversary', staffApproveNewMembers: false, lapsedListing: 'hidden' });
});

let n = 0;
/** A new sign-up: a pending login with its own contact (the /register flow). */
async function newMember(status: 'pending' | 'active' = 'pending'): Promise<Session> {
  n += 1;
  const user = await createTestUser(ctx.db, {
    email: `owner${n}@shop${n}.example`,
    firstName: 'Dana',
    lastName: `Owner${n}`,
    status,
    contact: { businessName: `Shop ${n}`, paymentStatus: 'pending', membershipTier: 'standard' },
  });
  return sessionOf(user.id);
}
async function sessionOf(userId: string): Promise<Session> {
  const user = (await ctx.db.query.users.findFirst({ where: eq(users.id, userId) }))!;
  return { tokenId: 't', expiresAt: new Date(Date.now() + DAY), user, contact: null };
}
const membershipOf = async (s: Session) =>
  (await ctx.db.query.memberships.findFirst({
    where: eq(memberships.contactId, s.user.contactId!),
  }))!;
const contactOf = async (s: Session) =>
  (await ctx.db.query.contacts.findFirst({ where: eq(contacts.id, s.user.contactId!) }))!;
const listedIds = async () =>
  (await listMembers(ctx, { search: 'Shop', limit: 100 }))
    .json<{ members: { id: string }[] }>()
    .members.map((x) => x.id);
const eventsOf = async (id: string) =>
  (await ctx.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, id))).map(
    (e) => e.kind,
  );

/** Joins a plan and pays the join invoice on `paidOn`. */
async function paidMember(plan: keyof typeof plans, paidOn = '2026-03-10') {
  const s = await newMember();
  const joined = await service.join(s, { planId: plans[plan] });
  await billing.pay(joined.invoice!.id, paidOn);
  return s;
}

describe('joining', () => {
  it('makes a pending membership and a join invoice, and a paid join an active, listed member', async () => {
    const s = await newMember();
    const joined = await service.join(s, { planId: plans.enhanced });
    expect(joined.membership).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paidThrough: null,
    });
    expect(joined.invoice).toMatchObject({
      purpose: 'membership_join',
      status: 'open',
      totalCents: 55000,
    });
    const [line] = await ctx.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, joined.invoice!.id));
    expect(line!.description).toBe('Enhanced membership, March 10, 2026 to March 9, 2027');
    // Choosing the same plan again answers the same invoice.
    expect((await service.join(s, { planId: plans.enhanced })).invoice!.id).toBe(
      joined.invoice!.id,
    );

    await billing.pay(joined.invoice!.id);
    const m = await membershipOf(s);
    expect(m).toMatchObject({
      status: 'active',
      startedOn: '2026-03-10',
      paidThrough: '2027-03-09',
    });
    expect(await contactOf(s)).toMatchObject({
      membershipTier: 'enhanced',
      paymentStatus: 'paid',
      listed: true,
    });
    const login = await ctx.db.query.users.findFirst({ where: eq(users.id, s.user.id) });
    expect(login!.status).toBe('active');
    expect(await eventsOf(m.id)).toEqual(expect.arrayContaining(['joined', 'term_paid']));
    const terms = await ctx.db
      .select()
      .from(membershipTerms)
      .where(eq(membershipTerms.membershipId, m.id));
    expect(terms).toMatchObject([
      { startsOn: '2026-03-10', endsOn: '2027-03-09', invoiceId: joined.invoice!.id },
    ]);
    expect(await listedIds()).toContain(s.user.contactId);
  });

  it('holds a paid join pending until staff approve it, when the chamber says so', async () => {
    await ctx.db.update(membershipSettings).set({ staffApproveNewMembers: true });
    const s = await newMember();
    const joined = await service.join(s, { planId: plans.basic });
    await billing.pay(joined.invoice!.id);
    expect(await membershipOf(s)).toMatchObject({ status: 'pending', paidThrough: '2027-03-09' });
    expect((await ctx.db.query.users.findFirst({ where: eq(users.id, s.user.id) }))!.status).toBe(
      'pending',
    );
    await expect(service.join(s, { planId: plans.basic })).rejects.toThrow(/already a member/);

    const admin = await sessionOf(
      (await createTestUser(ctx.db, { role: 'admin', status: 'active' })).id,
    );
    const approved = await service.approve(admin, (await membershipOf(s)).id);
    expect(approved.membership).toMatchObject({
      status: 'active',
      startedOn: '2026-03-10',
      awaitingApproval: false,
    });
    expect((await ctx.db.query.users.findFirst({ where: eq(users.id, s.user.id) }))!.status).toBe(
      'active',
    );
    expect(await contactOf(s)).toMatchObject({ paymentStatus: 'paid', membershipTier: 'standard' });
  });

  it("gives a member who joined online a 'member since': the first day of the first paid term", async () => {
    const signUp = async () => {
      n += 1;
      const user = await createTestUser(ctx.db, {
        email: `online${n}@shop${n}.example`,
        status: 'pending',
        contact: { businessName: `Online ${n}`, paymentStatus: 'pending', memberSince: null },
      });
      return sessionOf(user.id);
    };
    const memberSince = async (s: Session) => {
      const res = await ctx.app.inject({ url: `/api/members/${s.user.contactId}` });
      return res.json<{ memberSince: string | null }>().memberSince;
    };
    const paid = await signUp();
    const joined = await service.join(paid, { planId: plans.basic });
    expect((await contactOf(paid)).memberSince).toBeNull();
    setDay('2026-03-12');
    await billing.pay(joined.invoice!.id);
    expect((await contactOf(paid)).memberSince).toBe('2026-03-12');
    expect(await memberSince(paid)).toBe('2026-03-12');
    // A renewal or an upgrade later keeps the first day.
    setDay('2027-02-20');
    await billing.pay((await service.renew(paid)).invoice!.id);
    expect((await contactOf(paid)).memberSince).toBe('2026-03-12');

    // Held for staff's approval: the paid term's first day, approved later.
    await ctx.db.update(membershipSettings).set({ staffApproveNewMembers: true });
    setDay('2026-04-02');
    const held = await signUp();
    await billing.pay((await service.join(held, { planId: plans.enhanced })).invoice!.id);
    const admin = await sessionOf(
      (await createTestUser(ctx.db, { role: 'admin', status: 'active' })).id,
    );
    setDay('2026-04-06');
    await service.approve(admin, (await membershipOf(held)).id);
    expect((await contactOf(held)).memberSince).toBe('2026-04-02');

    // A date the chamber gave is kept.
    const known = await newMember();
    await billing.pay((await service.join(known, { planId: plans.basic })).invoice!.id);
    expect((await contactOf(known)).memberSince).toBe('2024-01-15');

    // Members who joined before this change get theirs from their first term.
    await ctx.db
      .update(contacts)
      .set({ memberSince: null })
      .where(eq(contacts.id, paid.user.contactId!));
    await ctx.db.execute(sql.raw(await memberSinceBackfill()));
    expect((await contactOf(paid)).memberSince).toBe('2026-03-12');
    expect((await contactOf(known)).memberSince).toBe('2024-01-15');
  });

  it('runs calendar-year terms: the first year prorated by month, then whole years from January', async () => {
    await ctx.db.update(membershipSettings).set({ termRule: 'calendar_year' });
    const s = await newMember();
    const joined = await service.join(s, { planId: plans.enhanced });
    // March to December: 10 of 12 months of $550.
    expect(joined.invoice!.totalCents).toBe(45833);
    await billing.pay(joined.invoice!.id);
    expect(await membershipOf(s)).toMatchObject({ paidThrough: '2026-12-31' });
    setDay('2026-11-20');
    const renewal = await service.renew(s);
    expect(renewal.invoice!.totalCents).toBe(55000);
    await billing.pay(renewal.invoice!.id);
    expect(await membershipOf(s)).toMatchObject({ status: 'active', paidThrough: '2027-12-31' });
    const terms = await ctx.db
      .select()
      .from(membershipTerms)
      .where(eq(membershipTerms.membershipId, (await membershipOf(s)).id));
    expect(terms.map((t) => [t.startsOn, t.endsOn]).sort()).toEqual([
      ['2026-03-10', '2026-12-31'],
      ['2027-01-01', '2027-12-31'],
    ]);
  });
});

describe('renewing and changing plan', () => {
  it('answers two renewals clicked at once with one invoice', async () => {
    const s = await paidMember('basic');
    setDay('2027-02-20');
    const answers = await Promise.all(Array.from({ length: 6 }, () => service.renew(s)));
    expect(new Set(answers.map((a) => a.invoice!.id)).size).toBe(1);
    const issued = await ctx.db
      .select()
      .from(invoices)
      .where(
        sql`${invoices.membershipId} = ${(await membershipOf(s)).id} and ${invoices.purpose} = 'membership_renewal'`,
      );
    expect(issued).toHaveLength(1);
    const open = await ctx.db
      .select()
      .from(invoices)
      .where(
        sql`${invoices.membershipId} = ${(await membershipOf(s)).id} and ${invoices.purpose} = 'membership_renewal'`,
      );
    expect(open).toHaveLength(1);
  });

  it('never makes a renewal due after the grace period ends', async () => {
    const s = await paidMember('basic');
    const early = await paidMember('basic');
    // Renewed early, the chamber's 30 days to pay come first.
    setDay('2027-01-20');
    expect((await service.renew(early)).invoice!.dueOn).toBe('2027-02-19');
    // Paid through 9 March 2027; 30 days of grace end on 8 April.
    setDay('2027-03-20');
    await dues();
    expect((await membershipOf(s)).status).toBe('grace');
    const renewal = await service.renew(s);
    expect(renewal.invoice!.dueOn).toBe('2027-04-08');
  });

  it('refuses a renewal long before the paid-through date', async () => {
    const s = await paidMember('basic');
    await expect(service.renew(s)).rejects.toThrow(/Renewal opens 90 days before/);
  });

  it('charges an upgrade the prorated difference and changes the plan when it is paid', async () => {
    const s = await paidMember('basic');
    setDay('2026-09-09');
    const up = await service.changePlan(s, plans.elite);
    // $600 a year more, for 182 of the term's 365 days (9 Sep 2026 to 9 Mar 2027).
    expect(up.invoice).toMatchObject({ purpose: 'membership_upgrade', totalCents: 29918 });
    expect((await contactOf(s)).membershipTier).toBe('standard');
    await billing.pay(up.invoice!.id);
    const m = await membershipOf(s);
    expect(m).toMatchObject({ planId: plans.elite, paidThrough: '2027-03-09' });
    expect(await contactOf(s)).toMatchObject({ membershipTier: 'elite', paymentStatus: 'paid' });
    expect(await eventsOf(m.id)).toContain('upgraded');
  });

  it('takes a downgrade at renewal: the renewal is for the cheaper plan, the plan changes when its term starts', async () => {
    const s = await paidMember('elite');
    const down = await service.changePlan(s, plans.basic);
    expect(down.invoice).toBeNull();
    expect(down.membership).toMatchObject({ plan: { slug: 'elite' }, nextPlan: { slug: 'basic' } });
    expect((await contactOf(s)).membershipTier).toBe('elite');
    setDay('2027-03-01');
    const renewal = await service.renew(s);
    expect(renewal.invoice!.totalCents).toBe(30000);
    await billing.pay(renewal.invoice!.id);
    // Paid early: the days left of this term were paid as Elite, so Elite holds until then.
    expect(await membershipOf(s)).toMatchObject({
      planId: plans.elite,
      nextPlanId: plans.basic,
      paidThrough: '2028-03-09',
    });
    expect((await contactOf(s)).membershipTier).toBe('elite');
    setDay('2027-03-10');
    await dues();
    expect(await membershipOf(s)).toMatchObject({ planId: plans.basic, nextPlanId: null });
    expect((await contactOf(s)).membershipTier).toBe('standard');
    expect(await eventsOf((await membershipOf(s)).id)).toContain('downgraded');
  });
});

describe('the dues report', () => {
  it('credits each payment to the plan its invoice was for, not the plan held now', async () => {
    setDay('2030-01-15');
    const s = await newMember();
    const joined = await service.join(s, { planId: plans.basic });
    await billing.pay(joined.invoice!.id, '2030-01-15');
    setDay('2030-07-15');
    const up = await service.changePlan(s, plans.elite);
    await billing.pay(up.invoice!.id, '2030-07-15');
    expect((await membershipOf(s)).planId).toBe(plans.elite);

    const report = await service.report(2030);
    expect(report.rows).toEqual([
      { month: '2030-01', planName: 'Basic', payments: 1, amountCents: 30000 },
      { month: '2030-07', planName: 'Elite', payments: 1, amountCents: up.invoice!.totalCents },
    ]);
    expect(report.totals).toEqual(
      expect.arrayContaining([
        { planName: 'Basic', amountCents: 30000 },
        { planName: 'Elite', amountCents: up.invoice!.totalCents },
      ]),
    );
  });
});

describe('the dues run across a year', () => {
  it('notices an automatic charge, then a failed charge, grace, lapse, and a payment restoring everything', async () => {
    const s = await paidMember('enhanced');
    const m = await membershipOf(s);
    await ctx.db.transaction((tx) =>
      service.linkSubscription(tx, m.id, {
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        cardBrand: 'Visa',
        cardLast4: '4242',
      }),
    );
    const email = (await contactOf(s)).email!;
    const mine = () => smtp.received.filter((x) => x.to && JSON.stringify(x.to).includes(email));

    for (const day of ['2026-06-01', '2027-02-07', '2027-02-20']) {
      setDay(day);
      await dues();
    }
    // Only the confirmation that automatic renewal is on, until the first charge is noticed.
    expect(mine().map((x) => x.subject)).toEqual([
      'Automatic renewal is on for your Riverton Area Chamber of Commerce membership',
    ]);
    // It answers the member's own switch, though the dues run sent it: no Auto-Submitted.
    expect(mine()[0]!.headers.has('auto-submitted')).toBe(false);
    const notices = () => mine().filter((x) => !x.subject?.startsWith('Automatic renewal is on'));

    setDay('2027-03-02');
    await dues();
    await dues();
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.subject).toContain('We will charge $550.00');
    expect(notices()[0]!.text).toContain('card ending in 4242');
    expect(notices()[0]!.text).toContain('https://portal.example.org/membership');

    setDay('2027-03-10');
    await ctx.db.transaction((tx) => service.chargeFailed(tx, m.id, { amountCents: 55000 }));
    await dues();
    const subjects = notices().map((x) => x.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('could not charge your card'),
        expect.stringContaining('is past due'),
      ]),
    );
    expect(await membershipOf(s)).toMatchObject({ status: 'grace' });
    expect(await contactOf(s)).toMatchObject({
      membershipTier: 'enhanced',
      paymentStatus: 'pending',
      listed: true,
    });

    setDay('2027-04-08');
    await dues();
    expect((await membershipOf(s)).status).toBe('grace');
    setDay('2027-04-09');
    await dues();
    await dues();
    expect(await membershipOf(s)).toMatchObject({ status: 'lapsed' });
    expect(await contactOf(s)).toMatchObject({
      membershipTier: 'standard',
      paymentStatus: 'failed',
      listed: false,
    });
    expect(notices().filter((x) => x.subject!.includes('has lapsed'))).toHaveLength(1);
    expect(notices()).toHaveLength(4);
    for (const x of notices()) {
      // Sent on the portal's own initiative (RFC 3834): auto-responders leave them alone.
      expect(x.headers.get('auto-submitted'), x.subject).toBe('auto-generated');
      expect(x.text).toContain('https://portal.example.org/membership');
      expect(x.html).toBeTruthy();
    }
    expect(await listedIds()).not.toContain(s.user.contactId);

    setDay('2027-04-20');
    const renewal = await service.renew(s);
    expect(renewal.invoice!.totalCents).toBe(55000);
    await billing.pay(renewal.invoice!.id);
    // A new first term from the day paid: the anniversary moves.
    expect(await membershipOf(s)).toMatchObject({ status: 'active', paidThrough: '2028-04-19' });
    expect(await contactOf(s)).toMatchObject({
      membershipTier: 'enhanced',
      paymentStatus: 'paid',
      listed: true,
    });
    expect(await eventsOf(m.id)).toEqual(
      expect.arrayContaining(['charge_failed', 'grace', 'lapsed', 'restored']),
    );
    expect(await listedIds()).toContain(s.user.contactId);
  });

  it('sends reminders on the settings’ days, each once, with two processes running at once', async () => {
    const members = [
      await paidMember('basic'),
      await paidMember('basic'),
      await paidMember('elite'),
    ];
    const emails = await Promise.all(members.map(async (s) => (await contactOf(s)).email!));
    const ours = () =>
      smtp.received.filter((x) => emails.some((e) => JSON.stringify(x.to).includes(e)));
    // A second process: its own connections.
    const other = connect(ctx.url, { max: 2 });
    try {
      for (const [day, expected] of [
        ['2027-02-06', 0],
        ['2027-02-07', 3],
        ['2027-02-20', 3],
        ['2027-02-23', 6],
        ['2027-03-08', 9],
      ] as const) {
        setDay(day);
        await Promise.all([runDues(ctx.db, ctx.clock), runDues(other.db, ctx.clock)]);
        await ctx.app.flushMail();
        // The SMTP peer parses a message a moment after accepting it.
        await expect.poll(() => ours().length, { message: day }).toBe(expected);
      }
    } finally {
      await other.close();
    }
    // The outbox mails side by side: each day's three arrive in any order.
    const first = ours().slice(0, 3);
    expect(first.every((m) => m.subject?.includes('renews in 30 days'))).toBe(true);
    expect(first.filter((m) => m.text?.includes('$300.00'))).toHaveLength(2);
    expect(
      ours()
        .slice(-3)
        .every((m) => m.subject?.includes('ends tomorrow')),
    ).toBe(true);
  });

  it('states the days truly left in a reminder sent after its day, counted in the chamber’s zone', async () => {
    const s = await paidMember('basic');
    const email = (await contactOf(s)).email!;
    const mine = () => smtp.received.filter((x) => JSON.stringify(x.to).includes(email));
    // Paid through 9 March 2027. The portal was down from before the 14-day reminder's day
    // (23 February): the first run after is on 7 March, late in the evening in Denver (already
    // 8 March in UTC), two days before the paid-through date.
    ctx.clock.advance(new Date('2027-03-08T05:30:00Z').getTime() - ctx.clock.now().getTime());
    await dues();
    await expect.poll(() => mine().length).toBe(1);
    expect(mine()[0]!.subject).toContain('renews in 2 days');
    setDay('2027-03-08');
    await dues();
    await expect.poll(() => mine().length).toBe(2);
    expect(mine()[1]!.subject).toContain('ends tomorrow');
  });

  it('tells the member their year with the chamber in the renewal reminder', async () => {
    const s = await paidMember('basic');
    const contact = await contactOf(s);
    const mine = () => smtp.received.filter((x) => JSON.stringify(x.to).includes(contact.email!));
    // Paid through 9 March 2027; the 14-day reminder goes out on 23 February 2027, whose year
    // is 24 February 2026 to 23 February 2027.
    await ctx.db.insert(listingCounts).values([
      { contactId: contact.id, day: '2026-02-23', kind: 'listing_view', count: 900 },
      { contactId: contact.id, day: '2026-02-24', kind: 'listing_view', count: 400 },
      { contactId: contact.id, day: '2027-02-01', kind: 'listing_view', count: 12 },
      { contactId: contact.id, day: '2026-08-15', kind: 'website_click', count: 38 },
    ]);
    setDay('2027-02-23');
    await dues();
    await expect.poll(() => mine().length).toBe(1);
    expect(mine()[0]!.subject).toContain('renews in 14 days');
    const line = 'This year: 0 events, your listing was seen 412 times, 38 visits to your website.';
    expect(mine()[0]!.text).toContain(line);
    expect(mine()[0]!.html).toContain(line);
  });
});

/** The data migration's statement that fills 'member since' for members already on file. */
async function memberSinceBackfill(): Promise<string> {
  const dir = fileURLToPath(new URL('../../../../../packages/db/drizzle/', import.meta.url));
  const name = (await readdir(dir)).find((f) => f.endsWith('_member_since_from_first_term.sql'))!;
  const statements = (await readFile(`${dir}${name}`, 'utf8')).split('--> statement-breakpoint');
  const code = (st: string) => st.replace(/^\s*--.*$/gm, '').trim();
  return statements.map(code).find((st) => st.startsWith('UPDATE "contacts"'))!;
}

export type { Clock };
