import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JoinMembershipResponse, MemberList, MyMembership } from '@chamber/contract';
import { contacts, membershipSettings, users } from '@chamber/db';
import { createTestUser, PASSWORD, signIn, type TestContext } from '../../test/app.js';
import { bearer, listMembers } from '../../test/members.js';
import { startStripeApp, type StripeApp } from '../../test/stripe-app.js';
import type { StripeStandIn } from '../../test/stripe-stand-in.js';

// Joining as the /join page does it, through the routes: register, join with the business
// details, pay by invoice (staff record the check) or by card, with the mails that go out.
let app: StripeApp;
let standIn: StripeStandIn;
let smtp: StripeApp['smtp'];
let ctx: TestContext;
let admin: string;
let plans: Record<'basic' | 'enhanced' | 'elite', string>;

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const post = (url: string, payload: object | undefined, token: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

let n = 0;
/**
 * A visitor creates their sign-in with /auth/register and signs in. `joining` signs up as the
 * /join page does (no welcome mail of its own); otherwise the welcome is waited for.
 */
async function register(joining = false): Promise<{ token: string; email: string }> {
  n += 1;
  const email = `owner${n}@juniper${n}.example`;
  const before = smtp.received.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      firstName: 'June',
      lastName: `Parker${n}`,
      businessName: `Juniper ${n}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(joining ? { joining } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  if (!joining) {
    // The account's welcome mail, out of the way of the join's.
    await ctx.app.flushMail();
    await smtp.waitFor(before + 1);
  }
  return { token: await signIn(ctx, email), email };
}

/** Pays the invoice through the Stripe stand-in's Checkout, as the member's browser does. */
async function payOnline(invoiceId: string, token: string) {
  const checkout = await post('/api/payments/checkout', { invoiceId }, token);
  expect(checkout.statusCode).toBe(200);
  const sessionId = checkout.json<{ url: string }>().url.split('/').at(-1)!;
  await standIn.completeCheckout(sessionId, { brand: 'visa', last4: '4242' });
  expect(standIn.deliveries.every((d) => d.status === 200)).toBe(true);
}

const STAFF_REVIEW = /staff will review/i;

/** The mails to `email` since `from`, once every queued mail has gone. */
async function mailsTo(email: string, from: number) {
  await ctx.app.flushMail();
  return smtp.received.slice(from).filter((m) => m.to && JSON.stringify(m.to).includes(email));
}

const listed = async (email: string) =>
  (await listMembers(ctx, { search: 'Juniper', limit: 100 }, admin))
    .json<MemberList>()
    .members.some((m) => m.email === email);

const details = {
  firstName: 'June',
  lastName: 'Parker',
  businessName: 'Juniper Print Co',
  phone: '(801) 555-0199',
  address1: '12 Main Street',
  city: 'Riverton',
  state: 'ut',
  postalCode: '84065',
};

beforeAll(async () => {
  app = await startStripeApp('whsec_join');
  ({ ctx, standIn, smtp } = app);
  const adminUser = await createTestUser(ctx.db, { role: 'admin', contact: false });
  admin = await signIn(ctx, adminUser.email);
  const rows = await ctx.db.query.membershipPlans.findMany();
  plans = Object.fromEntries(rows.map((p) => [p.slug, p.id])) as typeof plans;
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await ctx.db.update(membershipSettings).set({
    staffApproveNewMembers: false,
    paymentInstructions: 'Mail a check to the chamber office, 1 Civic Plaza.',
  });
});

describe('joining through the API', () => {
  it('saves the details, mails one invoice with its PDF, and a recorded check makes the member active and listed', async () => {
    const { token, email } = await register();
    const from = smtp.received.length;
    const res = await post(
      '/api/membership/join',
      { planId: plans.enhanced, details, payBy: 'invoice' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const joined = res.json<JoinMembershipResponse>();
    expect(joined).toMatchObject({
      membership: { status: 'pending', businessName: 'Juniper Print Co', paidThrough: null },
      invoice: { purpose: 'membership_join', status: 'open', totalCents: 55_000 },
      invoiceMailed: true,
      howToPay: {
        payee: '',
        mailingAddress: '',
        bankDetails: '',
        note: 'Mail a check to the chamber office, 1 Civic Plaza.',
      },
    });
    const login = (await ctx.db.query.users.findFirst({ where: eq(users.email, email) }))!;
    expect(login).toMatchObject({ lastName: 'Parker', phone: '(801) 555-0199', status: 'pending' });
    expect(
      await ctx.db.query.contacts.findFirst({ where: eq(contacts.id, login.contactId!) }),
    ).toMatchObject({
      businessName: 'Juniper Print Co',
      lastName: 'Parker',
      phone: '(801) 555-0199',
      address1: '12 Main Street',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
    });

    const invoiceNumber = joined.invoice!.number;
    const [invoiceMail, ...others] = await mailsTo(email, from);
    expect(others.map((m) => m.subject)).toEqual([]);
    expect(invoiceMail!.subject).toBe(`Invoice ${invoiceNumber}: $550.00 due by April 9, 2026`);
    expect(invoiceMail!.text).toContain('Mail a check to the chamber office, 1 Civic Plaza.');
    // One way of writing a day in the whole mail, the invoice's lines included.
    expect(invoiceMail!.text).toContain('Enhanced membership, March 10, 2026 to March 9, 2027');
    expect(invoiceMail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Card payments are set up here: the invoice says where to pay online, and the PDF too.
    expect(invoiceMail!.text).toContain('Online by card: https://portal.example.org/membership');
    const pdf = invoiceMail!.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    const text = await pdfText(pdf.content);
    for (const expected of [invoiceNumber, 'Juniper Print Co', '12 Main Street', '$550.00']) {
      expect(text).toContain(expected);
    }
    expect(await listed(email)).toBe(false);

    const paidFrom = smtp.received.length;
    const paid = await post(
      `/api/admin/invoices/${joined.invoice!.id}/payments`,
      { amountCents: 55_000, method: 'check', reference: '2044' },
      admin,
    );
    expect(paid.statusCode).toBe(201);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/membership', headers: bearer(token) })
    ).json<MyMembership>();
    expect(mine.membership).toMatchObject({ status: 'active', paidThrough: '2027-03-09' });
    expect(await listed(email)).toBe(true);
    const receipts = await mailsTo(email, paidFrom);
    expect(receipts.map((m) => m.subject)).toEqual([
      `Receipt for invoice ${invoiceNumber}: $550.00 paid`,
    ]);
    expect(receipts[0]!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("mails the join invoice once when 'Send me an invoice' is clicked twice", async () => {
    const { token, email } = await register();
    const from = smtp.received.length;
    const join = () =>
      post('/api/membership/join', { planId: plans.basic, details, payBy: 'invoice' }, token);
    // A double click: two requests at once, then the same again a moment later.
    const answers = [...(await Promise.all([join(), join()])), await join()];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const numbers = answers.map((a) => a.json<JoinMembershipResponse>().invoice!.number);
    expect(new Set(numbers).size).toBe(1);
    const mails = await mailsTo(email, from);
    expect(mails.map((m) => m.subject)).toEqual([
      `Invoice ${numbers[0]}: $300.00 due by ${mails[0]!.subject!.split(' due by ')[1]}`,
    ]);
  });

  it('pays by card: no invoice mail, one receipt, back on the join page; held pending while staff approve', async () => {
    await ctx.db.update(membershipSettings).set({ staffApproveNewMembers: true });
    const { token, email } = await register();
    const from = smtp.received.length;
    const res = await post('/api/membership/join', { planId: plans.basic, payBy: 'card' }, token);
    expect(res.statusCode).toBe(200);
    const joined = res.json<JoinMembershipResponse>();
    expect(joined.invoiceMailed).toBe(false);
    expect(await mailsTo(email, from)).toEqual([]);

    const checkout = await post('/api/payments/checkout', { invoiceId: joined.invoice!.id }, token);
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json<{ url: string }>().url.split('/').at(-1)!;
    const back = await standIn.completeCheckout(sessionId, { brand: 'visa', last4: '4242' });
    expect(standIn.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(back).toBe(
      `https://portal.example.org/join?paid=${encodeURIComponent(joined.invoice!.number)}`,
    );

    const mails = await mailsTo(email, from);
    expect(mails.map((m) => m.subject)).toEqual([
      `Receipt for invoice ${joined.invoice!.number}: $300.00 paid`,
    ]);
    expect(mails[0]!.attachments[0]!.contentType).toBe('application/pdf');
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/membership', headers: bearer(token) })
    ).json<MyMembership>();
    expect(mine.membership).toMatchObject({ status: 'pending', awaitingApproval: true });
    expect(await listed(email)).toBe(false);

    const approved = await post(`/api/admin/memberships/${mine.membership.id}/approve`, {}, admin);
    expect(approved.statusCode).toBe(200);
    expect(await listed(email)).toBe(true);
  });

  it('tells a joiner who paid online, with no staff approval, that they are active and listed, and nothing else', async () => {
    const from = smtp.received.length;
    const { token, email } = await register(true);
    const joined = (
      await post('/api/membership/join', { planId: plans.enhanced, details, payBy: 'card' }, token)
    ).json<JoinMembershipResponse>();
    await payOnline(joined.invoice!.id, token);

    const mails = await mailsTo(email, from);
    expect(mails.map((m) => m.subject)).toEqual([
      `Receipt for invoice ${joined.invoice!.number}: $550.00 paid`,
    ]);
    for (const mail of mails) {
      expect(mail.text).not.toMatch(STAFF_REVIEW);
      expect(mail.html).not.toMatch(STAFF_REVIEW);
    }
    expect(mails[0]!.text).toContain(
      'Welcome: your Enhanced membership is active and your business is listed in the member directory.',
    );
    expect(await listed(email)).toBe(true);
  });

  it('tells a joiner paying by invoice that the membership is pending until paid, then held for staff when they approve', async () => {
    await ctx.db.update(membershipSettings).set({ staffApproveNewMembers: true });
    const from = smtp.received.length;
    const { token, email } = await register(true);
    const joined = (
      await post('/api/membership/join', { planId: plans.basic, details, payBy: 'invoice' }, token)
    ).json<JoinMembershipResponse>();
    const [invoiceMail, ...others] = await mailsTo(email, from);
    expect(others).toEqual([]);
    expect(invoiceMail!.subject).toMatch(/^Invoice /);
    expect(invoiceMail!.text).toContain(
      'Your membership is pending until this invoice is paid. Once it is paid, our staff review it and confirm it',
    );

    const paidFrom = smtp.received.length;
    await post(
      `/api/admin/invoices/${joined.invoice!.id}/payments`,
      { amountCents: 30_000, method: 'check', reference: '3055' },
      admin,
    );
    const [receipt, ...more] = await mailsTo(email, paidFrom);
    expect(more).toEqual([]);
    expect(receipt!.subject).toMatch(/^Receipt for invoice /);
    expect(receipt!.text).toContain(
      'Our staff will review your membership and confirm it, usually within two business days.',
    );
    expect(await listed(email)).toBe(false);
  });

  it('answers bad details with a 400 and a current member with a 409, changing nothing', async () => {
    const { token } = await register();
    const bad = await post(
      '/api/membership/join',
      { planId: plans.basic, details: { state: 'Utah' } },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect(bad.json().message).toMatch(/State as two letters/);

    const joined = (
      await post('/api/membership/join', { planId: plans.basic }, token)
    ).json<JoinMembershipResponse>();
    await post(
      `/api/admin/invoices/${joined.invoice!.id}/payments`,
      { amountCents: 30_000, method: 'cash' },
      admin,
    );
    const again = await post(
      '/api/membership/join',
      { planId: plans.elite, details: { businessName: 'Renamed' } },
      token,
    );
    expect(again.statusCode).toBe(409);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/membership', headers: bearer(token) })
    ).json<MyMembership>();
    expect(mine.membership.businessName).not.toBe('Renamed');
  });
});

describe('renewing through the API', () => {
  it("mails the renewal invoice with its PDF once, however many times 'Renew now' is clicked", async () => {
    const { token: joinToken, email } = await register();
    const joined = (
      await post('/api/membership/join', { planId: plans.basic, payBy: 'card' }, joinToken)
    ).json<JoinMembershipResponse>();
    await post(
      `/api/admin/invoices/${joined.invoice!.id}/payments`,
      { amountCents: 30_000, method: 'cash' },
      admin,
    );
    await ctx.app.flushMail();
    // Renewal opens 90 days before the paid-through date (2027-03-09).
    const later = Date.parse('2027-01-15T19:00:00Z') - ctx.clock.now().getTime();
    ctx.clock.advance(later);
    try {
      const token = await signIn(ctx, email);
      const from = smtp.received.length;
      const clicks = await Promise.all([
        post('/api/membership/renew', undefined, token),
        post('/api/membership/renew', undefined, token),
      ]);
      expect(clicks.map((c) => c.statusCode)).toEqual([200, 200]);
      const [first, second] = clicks.map((c) => c.json<JoinMembershipResponse>().invoice!);
      expect(second!.id).toBe(first!.id);
      expect(first).toMatchObject({ purpose: 'membership_renewal', status: 'open' });
      const again = await post('/api/membership/renew', undefined, token);
      expect(again.json<JoinMembershipResponse>().invoice!.id).toBe(first!.id);

      const mails = await mailsTo(email, from);
      expect(mails.map((m) => m.subject)).toEqual([
        `Invoice ${first!.number}: $300.00 due by ${'February 14, 2027'}`,
      ]);
      // One date format in the mail: the term on the line as the due date reads.
      expect(mails[0]!.text).toContain('Basic membership, March 10, 2027 to March 9, 2028');
      expect(mails[0]!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      const pdf = mails[0]!.attachments[0]!;
      expect(pdf.contentType).toBe('application/pdf');
      const text = await pdfText(pdf.content);
      for (const expected of [first!.number, '$300.00', 'March 10, 2027 to March 9, 2028']) {
        expect(text).toContain(expected);
      }
    } finally {
      ctx.clock.advance(-later);
    }
  });
});
