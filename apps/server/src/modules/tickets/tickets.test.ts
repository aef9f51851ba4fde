import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Appointment,
  CheckInList,
  CheckInResult,
  ManagedRegistration,
  RegistrationResult,
} from '@chamber/contract';
import { contacts, eventRegistrations, invoices, payments } from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  calendarPeople,
  createCalendar,
  createdEvent,
  getAppointment,
  register,
  runSeatOffers,
} from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createStripeClient } from '../billing/index.js';

let ctx: TestContext;
let smtp: SmtpServer;
let standIn: StripeStandIn;
let people: Awaited<ReturnType<typeof calendarPeople>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  smtp = await startSmtpServer();
  standIn = await startStripeStandIn({ webhookSecret: 'whsec_ticket_tests' });
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example',
    ...standIn.env(),
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;
  await createCalendar(ctx.db);
  people = await calendarPeople(ctx);
  // The owner is a member in good standing: signed in, membership paid; the other member's
  // membership is not paid.
  await ctx.db
    .update(contacts)
    .set({ paymentStatus: 'paid' })
    .where(eq(contacts.id, people.owner.user.contactId!));
  await ctx.db
    .update(contacts)
    .set({ paymentStatus: 'pending' })
    .where(eq(contacts.id, people.other.user.contactId!));
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
  await smtp.close();
});

let n = 0;
function guest(party: number, name = 'Robin Hale') {
  n += 1;
  return {
    ip: `198.18.40.${n}`,
    body: { name, email: `guest${n}@tickets.example`, numberOfGuests: party },
  };
}

const mailsTo = (email: string, subject: RegExp) =>
  smtp.sentTo(email).filter((m) => subject.test(m.subject ?? ''));
const mailTo = (email: string, subject: RegExp) => smtp.mailTo(email, subject, 8000);

const tokenIn = (mail: ParsedMail) => {
  const url = mail.text?.match(/https:\/\/portal\.example\/registrations\/manage#token=([\w-]+)/);
  if (!url) throw new Error(`no manage link in ${mail.text}`);
  return url[1]!;
};

async function signUp(eventId: string, party: number, token?: string) {
  const g = guest(party);
  const res = await register(ctx, eventId, g.body, {
    remoteAddress: g.ip,
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...g, result: res.json<RegistrationResult>() };
}

const sessionOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const registrationRow = async (id: string) =>
  (await ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]!;
const invoiceRow = async (id: string) =>
  (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentsOf = (invoiceId: string) =>
  ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

function paidEvent(title: string, overrides: Record<string, unknown> = {}) {
  return createdEvent(ctx, people.owner.token, {
    title,
    memberPriceCents: 2500,
    priceCents: 3500,
    ...overrides,
  });
}

describe('ticket prices', () => {
  it('shows and charges members the member price and everyone else the other', async () => {
    const event = await paidEvent('Priced Luncheon', { ticketPayment: 'door' });
    expect(event.ticket).toMatchObject({
      memberPriceCents: 2500,
      priceCents: 3500,
      currency: 'USD',
      payment: 'door',
    });
    const visitor = (await getAppointment(ctx, event.id)).json<Appointment>();
    expect(visitor.ticket).toMatchObject({ viewerPriceCents: 3500, viewerIsMember: false });
    const member = (await getAppointment(ctx, event.id, people.owner.token)).json<Appointment>();
    expect(member.ticket).toMatchObject({ viewerPriceCents: 2500, viewerIsMember: true });
    // A signed-in member of the portal without a paid membership pays the non-member price.
    const unpaid = (await getAppointment(ctx, event.id, people.other.token)).json<Appointment>();
    expect(unpaid.ticket?.viewerPriceCents).toBe(3500);

    const byMember = await signUp(event.id, 2, people.owner.token);
    expect(byMember.result.ticket).toMatchObject({
      amountCents: 5000,
      status: 'unpaid',
      payment: 'door',
    });
    const byVisitor = await signUp(event.id, 1);
    expect(byVisitor.result.ticket).toMatchObject({ amountCents: 3500, status: 'unpaid' });
    const lines = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, byMember.result.ticket!.invoiceId));
    expect(lines[0]).toMatchObject({ purpose: 'event_ticket', totalCents: 5000, status: 'open' });
  });

  it('keeps a free event free: no invoice, no ticket', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Free Mixer' });
    expect(event.ticket).toBeNull();
    const free = await signUp(event.id, 2);
    expect(free.result.ticket).toBeNull();
    expect(free.result.registration.seatStatus).toBe('confirmed');
  });

  it('refuses a negative or fractional price', async () => {
    for (const price of [-100, 12.5]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/calendars/appointments',
        headers: bearer(people.owner.token),
        payload: {
          title: 'Odd price',
          priceCents: price,
          startTime: '2026-03-19T18:00:00Z',
          endTime: '2026-03-19T19:00:00Z',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('A ticket price is a whole number of cents');
    }
  });
});

describe('a repeat of an address already registered', () => {
  // Someone else's address: the answer must read as a new party's would, ticket included.
  const repeatAndNew = async (eventId: string, email: string) => {
    const party = { name: 'Lee Park', numberOfGuests: 2 };
    const repeat = await register(
      ctx,
      eventId,
      { ...party, email },
      { remoteAddress: '198.18.41.1' },
    );
    const fresh = await register(
      ctx,
      eventId,
      { ...party, email: `new-${email}` },
      { remoteAddress: '198.18.41.2' },
    );
    expect([repeat.statusCode, fresh.statusCode]).toEqual([201, 201]);
    return [repeat.json<RegistrationResult>(), fresh.json<RegistrationResult>()] as const;
  };

  it('answers with a ticket and words like a new registration at the door', async () => {
    const event = await paidEvent('Door Lookalike', { ticketPayment: 'door', capacity: 30 });
    const first = await signUp(event.id, 3);
    const [repeat, fresh] = await repeatAndNew(event.id, first.body.email);
    expect(repeat.ticket).not.toBeNull();
    expect(repeat.ticket!.invoiceId).not.toBe(first.result.ticket!.invoiceId);
    expect(repeat.registration.id).not.toBe(first.result.registration.id);
    const random = (r: RegistrationResult) => ({
      ...r,
      registration: { ...r.registration, id: '', email: '' },
      ticket: { ...r.ticket!, invoiceId: '' },
    });
    expect(random(repeat)).toEqual(random(fresh));
    expect(repeat).toMatchObject({ attendeeCount: 5, registrationCount: 2, seatsLeft: 25 });
    expect(repeat.ticket).toMatchObject({ amountCents: 7000, status: 'unpaid', payment: 'door' });
    // Nothing was issued for the repeat: the number it showed went to the new party.
    expect(repeat.ticket!.invoiceNumber).toBe(fresh.ticket!.invoiceNumber);
    const [kept] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, first.result.registration.id));
    expect(kept).toMatchObject({ guests: 3, invoiceId: first.result.ticket!.invoiceId });
  });

  it('answers an online ticket with seats held and a ticket of the same shape', async () => {
    const event = await paidEvent('Online Lookalike', { capacity: 30 });
    const first = await signUp(event.id, 2);
    const [repeat, fresh] = await repeatAndNew(event.id, first.body.email);
    expect(Object.keys(repeat.ticket!)).toEqual(Object.keys(fresh.ticket!));
    expect(repeat.registration).toMatchObject({ seatStatus: 'held' });
    expect(repeat.ticket).toMatchObject({ amountCents: 7000, status: 'unpaid', payment: 'online' });
    expect(repeat).toMatchObject({ attendeeCount: 4, registrationCount: 2, seatsLeft: 26 });
    expect(repeat.message).toBe(fresh.message);
  });

  it('answers a repeat of seats still awaiting payment with their Checkout page: no second hold, no second charge', async () => {
    const event = await paidEvent('Online Second Try', { capacity: 10 });
    const first = await signUp(event.id, 2);
    const firstUrl = first.result.ticket!.checkoutUrl!;
    expect(firstUrl).toMatch(/\/checkout\/cs_test_/);
    // The same form again, from elsewhere and without a session: the registrant's payment
    // page closed, say.
    const again = await register(ctx, event.id, first.body, { remoteAddress: '198.18.42.1' });
    expect(again.statusCode, again.body).toBe(201);
    const repeat = again.json<RegistrationResult>();
    const fresh = (await signUp(event.id, 2)).result;

    // It reads as the new registration's answer: seats held, a Checkout page, the same words.
    expect(repeat.registration.id).not.toBe(first.result.registration.id);
    expect(repeat.registration).toMatchObject({ seatStatus: 'held', waitlistPosition: null });
    expect(Object.keys(repeat.ticket!)).toEqual(Object.keys(fresh.ticket!));
    expect(repeat.ticket).toMatchObject({ amountCents: 7000, status: 'unpaid', payment: 'online' });
    expect(repeat.ticket!.checkoutUrl).toMatch(/\/checkout\/cs_test_/);
    expect(repeat.message).toBe(fresh.message);
    expect(repeat.message).toBe(first.result.message);

    // The page is the first registration's own: no other seats held, no other invoice.
    expect(repeat.ticket!.checkoutUrl).toBe(firstUrl);
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    const mine = rows.filter((r) => r.email === first.body.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ guests: 2, seatStatus: 'held' });
    const billed = (await ctx.db.select().from(invoices)).filter(
      (i) => i.billTo.email === first.body.email,
    );
    expect(billed.map((i) => i.id)).toEqual([first.result.ticket!.invoiceId]);
    const counts = (await getAppointment(ctx, event.id)).json<Appointment>();
    expect(counts).toMatchObject({ attendeeCount: 4, registrationCount: 2 });

    // Paying through it confirms the first registration, once.
    await standIn.completeCheckout(sessionOf(repeat.ticket!.checkoutUrl!));
    expect((await registrationRow(first.result.registration.id)).seatStatus).toBe('confirmed');
    expect(await invoiceRow(first.result.ticket!.invoiceId)).toMatchObject({ status: 'paid' });
    expect(await paymentsOf(first.result.ticket!.invoiceId)).toHaveLength(1);
    // The first answer's link is the same page, now paid: nothing more is charged.
    await standIn.completeCheckout(sessionOf(firstUrl));
    expect(await paymentsOf(first.result.ticket!.invoiceId)).toHaveLength(1);
  });

  it('answers a repeat of a paid registration with a payment page of its own that pays for nothing', async () => {
    const event = await paidEvent('Online Paid Lookalike', { capacity: 30 });
    const first = await signUp(event.id, 2);
    await standIn.completeCheckout(sessionOf(first.result.ticket!.checkoutUrl!));
    expect(await invoiceRow(first.result.ticket!.invoiceId)).toMatchObject({ status: 'paid' });

    const [repeat, fresh] = await repeatAndNew(event.id, first.body.email);
    // Field for field the new party's answer: seats held, a Checkout page, the same words.
    expect(repeat.ticket!.checkoutUrl).toMatch(/\/checkout\/cs_test_/);
    expect(repeat.ticket!.checkoutUrl).not.toBe(fresh.ticket!.checkoutUrl);
    const random = (r: RegistrationResult) => ({
      ...r,
      registration: { ...r.registration, id: '', email: '' },
      ticket: { ...r.ticket!, invoiceId: '', checkoutUrl: '' },
    });
    expect(random(repeat)).toEqual(random(fresh));
    expect(repeat.registration).toMatchObject({ seatStatus: 'held' });
    expect(repeat).toMatchObject({ attendeeCount: 4, registrationCount: 2, seatsLeft: 26 });

    // Paid all the same, the money goes back and nothing changes for the paid registration.
    const refundsBefore = standIn.refunds.size;
    await standIn.completeCheckout(sessionOf(repeat.ticket!.checkoutUrl!));
    expect(standIn.refunds.size).toBe(refundsBefore + 1);
    expect(await paymentsOf(first.result.ticket!.invoiceId)).toHaveLength(1);
    expect((await registrationRow(first.result.registration.id)).seatStatus).toBe('confirmed');
    const billed = (await ctx.db.select().from(invoices)).filter(
      (i) => i.billTo.email === first.body.email,
    );
    expect(billed.map((i) => i.id)).toEqual([first.result.ticket!.invoiceId]);
  });
});

describe('paying online', () => {
  it('sends the registration form posted without scripts on to the Checkout page', async () => {
    const event = await paidEvent('Form Paid Luncheon', { capacity: 10 });
    const g = guest(2);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${event.id}/registration-form`,
      remoteAddress: g.ip,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams({ ...g.body, numberOfGuests: '2' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/\/checkout\/cs_test_/);
    // The seats are held for the payment, as by the JSON route.
    const [row] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, g.body.email));
    expect(row).toMatchObject({ seatStatus: 'held', guests: 2 });
  });

  it('holds the seats, takes the payment through Checkout and the signed webhook, then confirms with a receipt', async () => {
    const event = await paidEvent('Paid Luncheon', { capacity: 10 });
    const g = await signUp(event.id, 2);
    const { registration, ticket } = g.result;
    expect(registration.seatStatus).toBe('held');
    expect(registration.holdUntil).toBe(
      new Date(ctx.clock.now().getTime() + 30 * MINUTE).toISOString(),
    );
    expect(ticket).toMatchObject({ amountCents: 7000, status: 'unpaid', payment: 'online' });
    expect(ticket!.checkoutUrl).toMatch(/\/checkout\/cs_test_/);
    expect(g.result.seatsLeft).toBe(8);
    // Nothing is confirmed before the payment.
    expect(mailsTo(g.body.email, /^You're registered/)).toHaveLength(0);

    const back = await standIn.completeCheckout(sessionOf(ticket!.checkoutUrl!));
    expect(back).toBe(`https://portal.example/events/${event.id}?paid=1`);
    expect(standIn.delivered('checkout.session.completed').at(-1)).toBeDefined();

    expect((await registrationRow(registration.id)).seatStatus).toBe('confirmed');
    expect(await invoiceRow(ticket!.invoiceId)).toMatchObject({ status: 'paid' });
    const confirmation = await mailTo(g.body.email, /^You're registered: Paid Luncheon$/);
    expect(confirmation.text).toContain('Ticket: $70.00, paid');
    const receipt = await mailTo(g.body.email, /receipt/i);
    expect(receipt.text).toContain('$70.00');
    expect(receipt.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    // The receipt names the card, not Stripe's payment id.
    expect(receipt.text).toContain('by card (Visa •••• 4242)');
    expect(receipt.text).not.toMatch(/\bpi_/);
    // One payment, one receipt: also when Stripe sends the event again.
    const completed = standIn.delivered('checkout.session.completed').at(-1)!;
    const again = await smtp.sentDuring(
      () => ctx.app.flushMail(),
      () => standIn.deliver(completed),
    );
    expect(again).toEqual([]);
    const { number } = await invoiceRow(ticket!.invoiceId);
    expect(mailsTo(g.body.email, new RegExp(`^Receipt for invoice ${number}`))).toHaveLength(1);

    const managed = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { 'x-registration-token': tokenIn(confirmation) },
    });
    expect(managed.json<ManagedRegistration>().ticket).toMatchObject({
      status: 'paid',
      checkoutUrl: null,
    });
  });

  it('lets an unpaid hold run out after 30 minutes: the seats go to the waiting list and a late payment is refunded', async () => {
    const event = await paidEvent('Held Seats', { capacity: 2 });
    const slow = await signUp(event.id, 2);
    expect(slow.result.registration.seatStatus).toBe('held');
    const waiting = await signUp(event.id, 1);
    expect(waiting.result.registration).toMatchObject({
      seatStatus: 'waitlisted',
      waitlistPosition: 1,
    });

    ctx.clock.advance(29 * MINUTE);
    expect((await registrationRow(slow.result.registration.id)).seatStatus).toBe('held');
    ctx.clock.advance(2 * MINUTE);
    expect(await runSeatOffers(ctx)).toBe('completed');
    expect((await registrationRow(slow.result.registration.id)).seatStatus).toBe('lapsed');
    expect(await invoiceRow(slow.result.ticket!.invoiceId)).toMatchObject({ status: 'void' });
    expect((await registrationRow(waiting.result.registration.id)).seatStatus).toBe('offered');
    await mailTo(waiting.body.email, /^Seats are free for you: Held Seats$/);

    // Paying the old page afterwards charges nothing for good: the money goes back.
    const refundsBefore = standIn.refunds.size;
    await standIn.completeCheckout(sessionOf(slow.result.ticket!.checkoutUrl!));
    expect(await paymentsOf(slow.result.ticket!.invoiceId)).toHaveLength(0);
    expect(standIn.refunds.size).toBe(refundsBefore + 1);
    expect((await registrationRow(slow.result.registration.id)).seatStatus).toBe('lapsed');
  });

  it('charges a ticket paid twice once: the second payment is refunded to the card', async () => {
    const event = await paidEvent('Twice Paid');
    const g = await signUp(event.id, 1);
    const invoiceId = g.result.ticket!.invoiceId;
    // A second Checkout page for the same invoice (a second tab, a retried request).
    const stripe = await createStripeClient(ctx.config.stripe!);
    const second = await stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: invoiceId,
      metadata: { invoiceId },
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 3500, product_data: { name: 'Ticket' } },
        },
      ],
      success_url: 'https://portal.example/',
      cancel_url: 'https://portal.example/',
    });
    await standIn.completeCheckout(sessionOf(g.result.ticket!.checkoutUrl!));
    const refundsBefore = standIn.refunds.size;
    await standIn.completeCheckout(second.id);

    const rows = await paymentsOf(invoiceId);
    expect(rows.filter((p) => p.kind === 'payment')).toHaveLength(1);
    expect(standIn.refunds.size).toBe(refundsBefore + 1);
    const refund = [...standIn.refunds.values()].at(-1)!;
    expect(refund).toMatchObject({ amount: 3500 });
    expect(String((refund.metadata as { reason: string }).reason)).toContain('was already paid');
    expect((await registrationRow(g.result.registration.id)).seatStatus).toBe('confirmed');
    await mailTo(g.body.email, /receipt/i);
    expect(mailsTo(g.body.email, /receipt/i)).toHaveLength(1);
  });
});

describe('cancelling a paid ticket', () => {
  async function paidRegistration(eventId: string) {
    const g = await signUp(eventId, 2);
    await standIn.completeCheckout(sessionOf(g.result.ticket!.checkoutUrl!));
    const mail = await mailTo(g.body.email, /^You're registered/);
    return { ...g, token: tokenIn(mail), invoiceId: g.result.ticket!.invoiceId };
  }
  const cancel = (token: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/registrations/manage',
      headers: { 'x-registration-token': token },
    });

  it('refunds to the card before the cut-off when the event refunds, and not after', async () => {
    const start = new Date(ctx.clock.now().getTime() + 5 * 24 * HOUR);
    const event = await paidEvent('Refundable Dinner', {
      refundOnCancel: true,
      refundCutoffHours: 48,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * HOUR).toISOString(),
    });
    expect(event.ticket).toMatchObject({ refundOnCancel: true, refundCutoffHours: 48 });
    const early = await paidRegistration(event.id);
    const late = await paidRegistration(event.id);

    const res = await cancel(early.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Your registration is cancelled. Your ticket ($70.00) is refunded to your card.',
    );
    const early$ = await paymentsOf(early.invoiceId);
    expect(early$.filter((p) => p.kind === 'refund')).toMatchObject([{ amountCents: 7000 }]);

    // Within 48 hours of the start: staff decide.
    ctx.clock.advance(4 * 24 * HOUR);
    const after = await cancel(late.token);
    expect(after.statusCode).toBe(200);
    expect(after.json().message).toBe(
      'Your registration is cancelled. Your ticket ($70.00) is not refunded automatically; the chamber’s staff decide on refunds.',
    );
    expect((await paymentsOf(late.invoiceId)).filter((p) => p.kind === 'refund')).toHaveLength(0);
    ctx.clock.advance(-4 * 24 * HOUR);
  });

  it('refunds nothing when the event does not refund', async () => {
    const event = await paidEvent('No Refunds');
    const g = await paidRegistration(event.id);
    const res = await cancel(g.token);
    expect(res.json().message).toContain('is not refunded automatically');
    expect((await paymentsOf(g.invoiceId)).filter((p) => p.kind === 'refund')).toHaveLength(0);
  });
});

describe('paying at the door', () => {
  it('shows who must pay on the check-in page, and staff record the payment there', async () => {
    const event = await paidEvent('Door Luncheon', { ticketPayment: 'door' });
    const g = await signUp(event.id, 2);
    expect(g.result.registration.seatStatus).toBe('confirmed');
    expect(g.result.message).toBe(
      "You're registered. Please pay at the door. We've sent a confirmation to your email.",
    );
    const confirmation = await mailTo(g.body.email, /^You're registered: Door Luncheon$/);
    expect(confirmation.text).toContain('Ticket: $70.00, to be paid at the door');

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/check-in`,
      headers: bearer(people.owner.token),
    });
    expect(list.json<CheckInList>().parties[0]!.ticket).toEqual({
      amountCents: 7000,
      currency: 'USD',
      status: 'unpaid',
      payment: 'door',
    });

    const pay = (token: string, body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/calendars/appointments/${event.id}/check-in/payments`,
        headers: bearer(token),
        payload: body,
      });
    // The organizer runs the door but does not take money; staff do.
    expect(
      (await pay(people.owner.token, { registrationId: g.result.registration.id, method: 'cash' }))
        .statusCode,
    ).toBe(403);
    const paid = await pay(people.moderator.token, {
      registrationId: g.result.registration.id,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<CheckInResult>().party.ticket).toMatchObject({ status: 'paid' });
    const again = await pay(people.moderator.token, {
      registrationId: g.result.registration.id,
      method: 'cash',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invoice_paid' });
    expect(await paymentsOf(g.result.ticket!.invoiceId)).toMatchObject([
      { kind: 'payment', method: 'cash', amountCents: 7000 },
    ]);
    await mailTo(g.body.email, /receipt/i);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/registrations.csv`,
      headers: bearer(people.owner.token),
    });
    const row = csv.body.split('\r\n').find((line) => line.includes(g.body.email))!;
    expect(row.split(',')[5]).toBe('paid');
  });
});
