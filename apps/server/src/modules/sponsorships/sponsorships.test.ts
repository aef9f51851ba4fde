import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicSponsorshipPackage,
  SponsorshipPackage,
  SponsorshipPackageInput,
  SponsorshipSale,
} from '@chamber/contract';
import { businessPeople, invoices, sponsorships } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';

let ctx: TestContext;
let smtp: SmtpServer;
let standIn: StripeStandIn;
let admin: string;
let adminEmail: string;
/** Two member businesses, each with its primary person signed in. */
let acme: { token: string; contactId: string; email: string };
let bolt: { token: string; contactId: string; email: string };
const MINUTE = 60_000;

async function business(name: string) {
  const user = await createTestUser(ctx.db, {
    contact: { businessName: name, membershipTier: 'elite', paymentStatus: 'paid' },
  });
  return { token: await signIn(ctx, user.email), contactId: user.contactId!, email: user.email };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  standIn = await startStripeStandIn({ webhookSecret: 'whsec_sponsorship_tests' });
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example',
    ...standIn.env(),
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;
  // The chamber, in America/Denver.
  await createCalendar(ctx.db);
  const staff = await createTestUser(ctx.db, { role: 'admin', contact: false });
  adminEmail = staff.email;
  admin = await signIn(ctx, staff.email);
  acme = await business('Acme Hardware');
  bolt = await business('Bolt Bikes');
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
  await smtp.close();
});

/** Moves the clock, and signs everyone in again (access tokens are short-lived). */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  admin = await signIn(ctx, adminEmail);
  acme.token = await signIn(ctx, acme.email);
  bolt.token = await signIn(ctx, bolt.email);
}

let n = 0;
const input = (overrides: Partial<SponsorshipPackageInput> = {}): SponsorshipPackageInput => ({
  name: `Package ${++n}`,
  description: 'Your logo on the home page for the year.',
  priceCents: 50_000,
  quantity: 2,
  startsOn: '2026-04-01',
  endsOn: '2027-03-31',
  placements: [{ kind: 'home' }, { kind: 'calendar' }],
  ...overrides,
});

async function createPackage(overrides: Partial<SponsorshipPackageInput> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/sponsorship-packages',
    headers: bearer(admin),
    payload: input(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SponsorshipPackage>();
}

const purchase = (id: string, who: { token: string; contactId: string }, payment = 'invoice') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sponsorships/packages/${id}/purchase`,
    headers: bearer(who.token),
    payload: { memberId: who.contactId, payment },
  });

async function publicPackage(id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/sponsorships/packages' });
  expect(res.statusCode).toBe(200);
  return res.json<{ packages: PublicSponsorshipPackage[] }>().packages.find((p) => p.id === id);
}

async function staffPackage(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/sponsorship-packages',
    headers: bearer(admin),
  });
  return res.json<{ packages: SponsorshipPackage[] }>().packages.find((p) => p.id === id)!;
}

describe('packages', () => {
  it('lists a new package for staff and the public with what is left', async () => {
    const pkg = await createPackage({ quantity: 3 });
    expect(pkg).toMatchObject({ quantity: 3, sold: 0, left: 3, soldOut: false, archived: false });
    expect(await publicPackage(pkg.id)).toMatchObject({ left: 3, soldOut: false, currency: 'USD' });
    expect(await publicPackage(pkg.id)).not.toHaveProperty('quantity');
  });

  it('refuses a period that ends before it starts, and a price below 0', async () => {
    const backwards = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sponsorship-packages',
      headers: bearer(admin),
      payload: input({ startsOn: '2026-06-01', endsOn: '2026-05-31' }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The period cannot end before it starts');
    const negative = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sponsorship-packages',
      headers: bearer(admin),
      payload: input({ priceCents: -1 }),
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('The price cannot be below 0');
  });

  it('refuses a quantity below what is sold, and archives a sold package', async () => {
    const pkg = await createPackage({ quantity: 2 });
    expect((await purchase(pkg.id, acme)).statusCode).toBe(201);
    const put = (body: SponsorshipPackageInput) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/sponsorship-packages/${pkg.id}`,
        headers: bearer(admin),
        payload: body,
      });
    const below = await put(input({ name: pkg.name, quantity: 0 }));
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(
      `1 of “${pkg.name}” is already sold: the quantity cannot be below 1.`,
    );
    const archived = await put(input({ name: pkg.name, quantity: 1, archived: true }));
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, sold: 1, left: 0 });
    expect(await publicPackage(pkg.id)).toBeUndefined();
    expect((await purchase(pkg.id, bolt)).statusCode).toBe(409);
  });
});

describe('buying', () => {
  it('by invoice: confirmed at once, a numbered invoice mailed with its PDF', async () => {
    const pkg = await createPackage({ name: 'Directory featured listing', priceCents: 25_000 });
    const res = await purchase(pkg.id, acme);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json<SponsorshipSale>();
    expect(sale).toMatchObject({
      status: 'confirmed',
      payment: 'invoice',
      amountCents: 25_000,
      businessName: 'Acme Hardware',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
      checkoutUrl: null,
    });
    expect(sale.invoiceNumber).toMatch(/^2026-\d{4}$/);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, sale.invoiceId!));
    expect(invoice).toMatchObject({ purpose: 'sponsorship', status: 'open', totalCents: 25_000 });
    const mail = await smtp.mailTo(acme.email, new RegExp(`Invoice ${sale.invoiceNumber}`), 8000);
    expect(mail.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    expect(await staffPackage(pkg.id)).toMatchObject({ sold: 1, left: 1 });
  });

  it('refuses a sold-out package with a clear message', async () => {
    const pkg = await createPackage({ quantity: 1 });
    expect((await purchase(pkg.id, acme)).statusCode).toBe(201);
    expect(await publicPackage(pkg.id)).toMatchObject({ left: 0, soldOut: true });
    const second = await purchase(pkg.id, bolt);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`“${pkg.name}” is sold out.`);
  });

  it('two buyers racing for the last one: one sale, one refusal', async () => {
    for (let round = 0; round < 3; round++) {
      const pkg = await createPackage({ quantity: 1 });
      const answers = await Promise.all([purchase(pkg.id, acme), purchase(pkg.id, bolt)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().message).toBe(`“${pkg.name}” is sold out.`);
      const rows = await ctx.db
        .select()
        .from(sponsorships)
        .where(eq(sponsorships.packageId, pkg.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('online: held with a Checkout page, confirmed by the signed webhook', async () => {
    const pkg = await createPackage({ quantity: 1 });
    const res = await purchase(pkg.id, bolt, 'online');
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json<SponsorshipSale>();
    expect(sale.status).toBe('held');
    expect(sale.checkoutUrl).toBeTruthy();
    // Held: it takes the last one.
    expect(await publicPackage(pkg.id)).toMatchObject({ left: 0, soldOut: true });
    await standIn.completeCheckout(sale.checkoutUrl!.slice(sale.checkoutUrl!.lastIndexOf('/') + 1));
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, sale.id));
    expect(row).toMatchObject({ status: 'confirmed', holdUntil: null });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, sale.invoiceId!));
    expect(invoice!.status).toBe('paid');
    await smtp.mailTo(bolt.email, new RegExp(`Receipt for invoice ${sale.invoiceNumber}`), 8000);
  });

  it('online, never paid: the hold ends, the package is free again, a late payment is given back', async () => {
    const pkg = await createPackage({ quantity: 1 });
    const held = (await purchase(pkg.id, acme, 'online')).json<SponsorshipSale>();
    expect((await purchase(pkg.id, bolt)).statusCode).toBe(409);
    await advance(30 * MINUTE);
    expect(await publicPackage(pkg.id)).toMatchObject({ left: 1, soldOut: false });
    expect((await purchase(pkg.id, bolt)).statusCode).toBe(201);
    const [lapsed] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, held.id));
    expect(lapsed!.status).toBe('lapsed');
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, held.invoiceId!));
    expect(invoice!.status).toBe('void');
    const refundsBefore = standIn.refunds.size;
    await standIn.completeCheckout(held.checkoutUrl!.slice(held.checkoutUrl!.lastIndexOf('/') + 1));
    expect(standIn.refunds.size).toBe(refundsBefore + 1);
  });
});

describe('who may buy', () => {
  it('a business’s primary or billing person; its employees and others are refused', async () => {
    const pkg = await createPackage({ quantity: 5 });
    // Another business's login may not buy for Acme.
    const stranger = await purchase(pkg.id, { token: bolt.token, contactId: acme.contactId });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Only Acme Hardware’s primary or billing person may buy a sponsorship for it.',
    );
    const person = async (role: 'billing' | 'employee') => {
      const user = await createTestUser(ctx.db, { contact: false });
      await ctx.db
        .insert(businessPeople)
        .values({ contactId: acme.contactId, userId: user.id, role, firstName: role });
      return { token: await signIn(ctx, user.email), contactId: acme.contactId };
    };
    expect((await purchase(pkg.id, await person('employee'))).statusCode).toBe(403);
    expect((await purchase(pkg.id, await person('billing'))).statusCode).toBe(201);
  });

  it('staff sell to any business, a non-member one too (a prospect)', async () => {
    const pkg = await createPackage({ quantity: 1, saleEndsOn: '2026-03-01' });
    const prospect = await createContact(ctx.db, { businessName: 'Prospect Pies' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sponsorship-packages/${pkg.id}/sales`,
      headers: bearer(admin),
      payload: { memberId: prospect.id, payment: 'invoice' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ businessName: 'Prospect Pies', status: 'confirmed' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sponsorship-packages/${pkg.id}/sales`,
      headers: bearer(admin),
      payload: { memberId: prospect.id, payment: 'invoice' },
    });
    expect(again.statusCode).toBe(409);
  });
});

// Last: it moves the clock a day and more forward (and signs everyone in again).
describe('the sale window, in the chamber’s zone', () => {
  it('refuses a purchase before the window opens and after it closes', async () => {
    // Now: 2026-03-10 11:30 in Denver (the hold test moved 30 minutes). The window: the 11th.
    const pkg = await createPackage({ saleStartsOn: '2026-03-11', saleEndsOn: '2026-03-11' });
    expect((await publicPackage(pkg.id))!.onSale).toBe(false);
    const early = await purchase(pkg.id, acme);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`“${pkg.name}” goes on sale on 2026-03-11.`);
    // 23:59 on the 10th in Denver (05:59Z on the 11th): still before.
    await advance(12 * 60 * MINUTE + 29 * MINUTE);
    expect((await purchase(pkg.id, acme)).statusCode).toBe(409);
    // Midnight in Denver: on sale.
    await advance(MINUTE);
    expect((await publicPackage(pkg.id))!.onSale).toBe(true);
    expect((await purchase(pkg.id, acme)).statusCode).toBe(201);
    // The 12th in Denver: closed.
    await advance(24 * 60 * MINUTE);
    const late = await purchase(pkg.id, bolt);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`The sale of “${pkg.name}” ended on 2026-03-11.`);
  });
});
