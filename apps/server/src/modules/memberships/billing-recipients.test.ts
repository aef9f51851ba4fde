import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MembershipDetail, MembershipInvoiceResponse } from '@chamber/contract';
import { businessPeople, invoices, memberships, membershipSettings } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { recipients, startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { runDues } from './dues-run.js';

// Money goes to the right person of a business: its invoices and receipts to the billing
// person (else the primary one), its dues notices to the billing and primary people, or to
// whom staff chose.
let ctx: TestContext;
let smtp: SmtpServer;
let adminToken: string;
let basicPlan: string;

const at = (day: string) => new Date(`${day}T19:00:00Z`);
const setDay = (day: string) => ctx.clock.advance(at(day).getTime() - ctx.clock.now().getTime());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

let n = 0;
/** A business on Basic, paid on 21 December 2025 (through 20 December 2026), signed in. */
async function paidBusiness() {
  n += 1;
  setDay('2025-12-21');
  const user = await createTestUser(ctx.db, {
    email: `owner${n}@money${n}.example`,
    contact: { businessName: `Money Shop ${n}`, paymentStatus: 'pending', firstName: 'Olive' },
  });
  const token = await signIn(ctx, user.email);
  const joined = await call('POST', '/api/membership/join', token, { planId: basicPlan });
  expect(joined.statusCode).toBe(200);
  const invoice = joined.json<MembershipInvoiceResponse>().invoice!;
  const paid = await call('POST', `/api/admin/invoices/${invoice.id}/payments`, adminToken, {
    amountCents: invoice.totalCents,
    method: 'check',
    reference: '1001',
  });
  expect(paid.statusCode).toBe(201);
  const [m] = await ctx.db
    .select()
    .from(memberships)
    .where(eq(memberships.contactId, user.contactId!));
  await ctx.app.flushMail();
  return { owner: user.email, contactId: user.contactId!, membershipId: m!.id, n };
}

async function addPerson(
  contactId: string,
  role: 'billing' | 'employee',
  email: string,
  firstName: string,
) {
  const [p] = await ctx.db
    .insert(businessPeople)
    .values({ contactId, role, email, firstName, lastName: 'Person' })
    .returning();
  return p!;
}

/** The renewal invoice issued now, and the addresses its mail went to. */
async function renewalMailedTo(owner: string) {
  setDay('2026-11-30');
  const before = smtp.received.length;
  const renewal = await call('POST', '/api/membership/renew', await signIn(ctx, owner));
  expect(renewal.statusCode).toBe(200);
  const invoice = renewal.json<MembershipInvoiceResponse>().invoice!;
  await ctx.app.flushMail();
  const mails = smtp.received
    .slice(before)
    .filter((m) => m.subject?.startsWith(`Invoice ${invoice.number}:`));
  expect(mails).toHaveLength(1);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { to: recipients(mails[0]!).sort(), billTo: row!.billTo, text: mails[0]!.text };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
  const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
  adminToken = await signIn(ctx, admin.email);
  basicPlan = (await ctx.db.query.membershipPlans.findMany()).find((p) => p.slug === 'basic')!.id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.db.update(membershipSettings).set({ termRule: 'anniversary', graceDays: 30 });
});

describe('who receives a business’s invoices', () => {
  it('addresses the renewal invoice to the billing person', async () => {
    const shop = await paidBusiness();
    await addPerson(shop.contactId, 'billing', `books${shop.n}@money.example`, 'Bea');
    const mail = await renewalMailedTo(shop.owner);
    expect(mail.to).toEqual([`books${shop.n}@money.example`]);
    expect(mail.billTo).toMatchObject({
      name: 'Bea Person',
      email: `books${shop.n}@money.example`,
      business: `Money Shop ${shop.n}`,
    });
    expect(mail.text).toContain('Hello Bea,');
  });

  it('addresses it to the primary person when the business has no billing person', async () => {
    const shop = await paidBusiness();
    await addPerson(shop.contactId, 'employee', `clerk${shop.n}@money.example`, 'Cal');
    const mail = await renewalMailedTo(shop.owner);
    expect(mail.to).toEqual([shop.owner]);
    expect(mail.billTo).toMatchObject({ email: shop.owner });
  });

  it('honours staff’s choice of recipients, shown with the membership', async () => {
    const shop = await paidBusiness();
    await addPerson(shop.contactId, 'billing', `books${shop.n}@money.example`, 'Bea');
    const clerk = await addPerson(
      shop.contactId,
      'employee',
      `clerk${shop.n}@money.example`,
      'Cal',
    );
    const chose = await call(
      'PUT',
      `/api/admin/memberships/${shop.membershipId}/plan`,
      adminToken,
      {
        billingRecipientIds: [clerk.id],
      },
    );
    expect(chose.statusCode).toBe(200);
    const detail = chose.json<MembershipDetail>();
    expect(detail.membership.plan.slug).toBe('basic');
    expect(
      detail.billingRecipients.map((p) => [p.role, p.chosen, p.receivesInvoices]).sort(),
    ).toEqual([
      ['billing', false, false],
      ['employee', true, true],
      ['primary', false, false],
    ]);
    const mail = await renewalMailedTo(shop.owner);
    expect(mail.to).toEqual([`clerk${shop.n}@money.example`]);

    // Someone of another business, or without an address, cannot be chosen.
    const other = await paidBusiness();
    const [stranger] = await ctx.db
      .select()
      .from(businessPeople)
      .where(eq(businessPeople.contactId, other.contactId));
    const refused = await call(
      'PUT',
      `/api/admin/memberships/${shop.membershipId}/plan`,
      adminToken,
      { billingRecipientIds: [stranger!.id] },
    );
    expect(refused.statusCode).toBe(400);
    // An empty choice goes back to the rule: the billing person.
    const back = await call('PUT', `/api/admin/memberships/${shop.membershipId}/plan`, adminToken, {
      billingRecipientIds: [],
    });
    expect(back.statusCode).toBe(200);
    expect(
      back.json<MembershipDetail>().billingRecipients.find((p) => p.receivesInvoices)?.email,
    ).toBe(`books${shop.n}@money.example`);
  });
});

describe('who receives a business’s dues notices', () => {
  /** The renewal reminder of the run on 20 November 2026 (30 days before), and its addresses. */
  async function reminderTo(membershipId: string) {
    // Only this membership is due: the others are put aside for the run.
    await ctx.db.update(memberships).set({ status: 'cancelled' });
    await ctx.db
      .update(memberships)
      .set({ status: 'active' })
      .where(eq(memberships.id, membershipId));
    setDay('2026-11-20');
    const before = smtp.received.length;
    expect(await runDues(ctx.db, ctx.clock)).toMatchObject({ reminders: 1 });
    await ctx.app.flushMail();
    const mails = smtp.received.slice(before).filter((m) => /renews in/.test(m.subject ?? ''));
    expect(mails).toHaveLength(1);
    return recipients(mails[0]!).sort();
  }

  it('mails the billing and the primary person, each address once', async () => {
    const shop = await paidBusiness();
    await addPerson(shop.contactId, 'billing', `books${shop.n}@money.example`, 'Bea');
    await addPerson(shop.contactId, 'billing', shop.owner, 'Olive');
    expect(await reminderTo(shop.membershipId)).toEqual(
      [`books${shop.n}@money.example`, shop.owner].sort(),
    );
  });

  it('mails whom staff chose', async () => {
    const shop = await paidBusiness();
    await addPerson(shop.contactId, 'billing', `books${shop.n}@money.example`, 'Bea');
    const clerk = await addPerson(
      shop.contactId,
      'employee',
      `clerk${shop.n}@money.example`,
      'Cal',
    );
    const chose = await call(
      'PUT',
      `/api/admin/memberships/${shop.membershipId}/plan`,
      adminToken,
      {
        billingRecipientIds: [clerk.id],
      },
    );
    expect(chose.statusCode).toBe(200);
    expect(await reminderTo(shop.membershipId)).toEqual([`clerk${shop.n}@money.example`]);
  });
});
