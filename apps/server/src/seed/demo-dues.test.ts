import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '@chamber/db';
import { addDays } from '@chamber/contract';
import { runDues } from '../modules/memberships/index.js';
import { createTestApp, signIn, type TestContext } from '../test/app.js';
import { startSmtpServer } from '../test/smtp.js';
import { demoAccounts } from './demo-data.js';
import { duesStories } from './demo-dues.js';
import { seedDemo } from './seed.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
const TODAY = '2026-03-10';
const PASSWORD = demoAccounts.find((a) => a.email === duesStories.paid)!.password;
const adminAccount = demoAccounts.find((a) => a.role === 'admin')!;

interface Listed {
  email: string;
  status: string;
  paidThrough: string | null;
  plan: { level: string };
}

async function list(name: string): Promise<Listed[]> {
  const res = await ctx.app.inject({
    url: `/api/admin/memberships?list=${name}&limit=100`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().memberships;
}

async function mine(email: string) {
  const token = await signIn(ctx, email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const membership = await ctx.app.inject({ url: '/api/membership', headers: auth });
  const invoiceList = await ctx.app.inject({ url: '/api/billing/invoices', headers: auth });
  expect(membership.statusCode).toBe(200);
  expect(invoiceList.statusCode).toBe(200);
  return { auth, membership: membership.json(), invoices: invoiceList.json().invoices };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  // The test app's clock stands at noon in Denver on TODAY.
  await seedDemo(ctx.db, ctx.clock.now());
  admin = await signIn(ctx, adminAccount.email, adminAccount.password);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('the demo chamber shows every dues state', () => {
  it('a paid member: active for most of a year, two paid invoices with receipts', async () => {
    const { auth, membership, invoices: bills } = await mine(duesStories.paid);
    expect(membership.membership).toMatchObject({
      status: 'active',
      paymentStatus: 'paid',
      paidThrough: addDays(addDays(TODAY, -36), 365),
    });
    expect(bills.map((i: { status: string; purpose: string }) => [i.purpose, i.status])).toEqual(
      expect.arrayContaining([
        ['membership_join', 'paid'],
        ['membership_renewal', 'paid'],
      ]),
    );
    const receipt = await ctx.app.inject({
      url: `/api/billing/invoices/${bills[0].id}/receipt.pdf`,
      headers: auth,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect((await list('paid')).map((m) => m.email)).toContain(duesStories.paid);
  });

  it('a lapsing member: paid through 14 days from today, due this month, reminded by the job', async () => {
    const due = await list('due');
    expect(due.find((m) => m.email === duesStories.lapsing)).toMatchObject({
      status: 'active',
      paidThrough: addDays(TODAY, 14),
      plan: { level: 'elite' },
    });
    const report = await runDues(ctx.db, ctx.clock);
    expect(report).toMatchObject({ grace: 0, lapsed: 0, reminders: 1 });
    await ctx.app.flushMail();
    const to = (email: string) =>
      smtp.received.filter((m) => JSON.stringify(m.to).includes(email)).map((m) => m.subject);
    expect(to(duesStories.lapsing)).toEqual([expect.stringMatching(/renew/i)]);
    // The grace and lapse notices the stories queued go out from the outbox too.
    expect(to(duesStories.grace)).toEqual([expect.stringMatching(/past due/)]);
    expect(to(duesStories.lapsed)).toEqual([expect.stringMatching(/has lapsed/)]);
  });

  it('a member in grace: paid through 21 days ago, still listed at their plan', async () => {
    expect((await list('grace')).find((m) => m.email === duesStories.grace)).toMatchObject({
      status: 'grace',
      paidThrough: addDays(TODAY, -21),
      plan: { level: 'enhanced' },
    });
  });

  it('a lapsed member: lapsed after grace, out of the directory', async () => {
    expect((await list('lapsed')).find((m) => m.email === duesStories.lapsed)).toMatchObject({
      status: 'lapsed',
      paidThrough: addDays(TODAY, -96),
    });
    const { membership } = await mine(duesStories.lapsed);
    expect(membership.history.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['joined', 'term_paid', 'grace', 'lapsed']),
    );
    const directory = await ctx.app.inject({ url: '/api/members?search=lund%20print&limit=20' });
    expect(directory.json().members).toEqual([]);
  });

  it('a pending join: an open invoice for the first year, the sign-in still pending', async () => {
    const pending = await list('pending');
    expect(pending.find((m) => m.email === duesStories.pending)).toMatchObject({
      status: 'pending',
      paidThrough: null,
    });
    const { membership, invoices: bills } = await mine(duesStories.pending);
    expect(membership.openInvoices).toHaveLength(1);
    expect(bills).toEqual([
      expect.objectContaining({ purpose: 'membership_join', status: 'open', totalCents: 55_000 }),
    ]);
  });

  it('numbers the invoices per year without gaps, in the order of their days', async () => {
    const rows = await ctx.db
      .select()
      .from(invoices)
      .orderBy(asc(invoices.year), asc(invoices.sequence));
    // Dues: Maria's join and renewal, one each for Tom, Brian, Gordon and Nora. The others are
    // the demo sponsorships' (a package sold by invoice, the drive's pledges invoiced); all
    // share the year's numbers.
    const dues = rows.filter((r) => r.purpose.startsWith('membership_'));
    expect(dues.length).toBe(6);
    expect(rows.filter((r) => !dues.includes(r)).map((r) => r.purpose)).toEqual(
      rows.filter((r) => !dues.includes(r)).map(() => 'sponsorship'),
    );
    for (const year of new Set(rows.map((r) => r.year))) {
      const ofYear = rows.filter((r) => r.year === year);
      expect(ofYear.map((r) => r.sequence)).toEqual(ofYear.map((_, i) => i + 1));
      const days = ofYear.map((r) => r.issuedOn);
      expect(days).toEqual([...days].sort());
    }
    expect(dues.filter((r) => r.status === 'paid')).toHaveLength(5);
    const paid = rows.filter((r) => r.status === 'paid');
    for (const invoice of paid) {
      const [payment] = await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, invoice.id));
      expect(payment?.amountCents).toBe(invoice.totalCents);
    }
  });

  it('adds nothing when seeded again', async () => {
    const before = await ctx.db.select().from(invoices);
    const again = await seedDemo(ctx.db, ctx.clock.now());
    expect(await ctx.db.select().from(invoices)).toHaveLength(before.length);
    expect(again.lines.filter((l) => l.startsWith('dues:'))).toHaveLength(5);
  });
});
