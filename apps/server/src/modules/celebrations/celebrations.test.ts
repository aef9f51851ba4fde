import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Celebration,
  type CelebrationSettings,
  type CelebrationSlots,
  defaultCelebrationSettings,
  type ListingCelebrations,
  localDateTime,
  type MyCelebrations,
  zonedTimeToUtc,
} from '@chamber/contract';
import { businessPeople, celebrations, events, invoices, mailOutbox } from '@chamber/db';
import { createMailingApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createCalendar, eventsIn, TZ } from '../../test/calendar.js';
import { bearer, dataUrl, makeImage } from '../../test/members.js';
import type { startSmtpServer } from '../../test/smtp.js';
import { queueCelebrationReminders } from './reminders.js';

const DAY = 86_400_000;

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let close: () => Promise<void>;
let admin: string;
let moderator: string;

/** The instant the chamber's wall clock shows `time` on `day`. */
const at = (day: string, time: string) =>
  zonedTimeToUtc(localDateTime(day, time), TZ).toISOString();

let n = 0;
/** A member business of its own, signed in: joined long ago unless `memberSince` says. */
async function member(contact: Record<string, unknown> = {}) {
  n += 1;
  const user = await createTestUser(ctx.db, {
    firstName: 'Maria',
    contact: {
      businessName: `Celebrating Shop ${n}`,
      address1: `${n} Main St`,
      city: 'Riverton',
      state: 'WY',
      postalCode: '82501',
      memberSince: '2024-01-15',
      paymentStatus: 'paid',
      ...contact,
    },
  });
  return { ...user, token: await signIn(ctx, user.email) };
}

/** The business person a login is (the ambassadors are people, not businesses). */
async function personOf(user: { id: string }): Promise<string> {
  const [row] = await ctx.db
    .select({ id: businessPeople.id })
    .from(businessPeople)
    .where(eq(businessPeople.userId, user.id));
  return row!.id;
}

function book(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/celebrations',
    headers: bearer(token),
    payload: { kind: 'grand_opening', description: 'Our new bakery opens.', ...payload },
  });
}

function slots(token: string, query: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/celebrations/slots?${query}`,
    headers: bearer(token),
  });
}

function staff(path: string, payload?: object, token = moderator) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/celebrations/${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

async function putSettings(change: Partial<CelebrationSettings>) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/celebration-settings',
    headers: bearer(admin),
    payload: { ...defaultCelebrationSettings, ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CelebrationSettings>();
}

const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp({ PUBLIC_URL: 'https://portal.example' }));
  // The chamber (America/Denver); the clock reads 2026-03-10 10:00 there, a Tuesday.
  await createCalendar(ctx.db);
  admin = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
  );
  moderator = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'moderator', contact: false })).email,
  );
});
afterAll(() => close());

describe('the rules as a setting', () => {
  it('starts from the defaults, and only an admin changes them', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/celebration-settings',
      headers: bearer(moderator),
    });
    expect(res.json()).toEqual(defaultCelebrationSettings);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/celebration-settings',
      headers: bearer(moderator),
      payload: defaultCelebrationSettings,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/celebration-settings',
      headers: bearer(admin),
      payload: { ...defaultCelebrationSettings, startTimes: ['25:00'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await putSettings({ noticeDays: 30 })).toMatchObject({ noticeDays: 30 });
    expect(await putSettings({})).toEqual(defaultCelebrationSettings);
  });
});

describe('slots', () => {
  it('offers only allowed weekdays and start times, from the notice on, without blackout days', async () => {
    const maria = await member();
    await putSettings({
      blackouts: [{ from: '2026-04-27', to: '2026-04-28', note: 'Spring clean-up' }],
    });
    const res = await slots(maria.token, 'kind=grand_opening&from=2026-04-01&to=2026-04-30');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CelebrationSlots>();
    // Six weeks (42 days) from Tuesday 10 March: Tuesday 21 April is the first day.
    expect(body.from).toBe('2026-04-21');
    expect(body.slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-04-21 12:00',
      '2026-04-21 16:00',
      '2026-04-22 12:00',
      '2026-04-22 16:00',
      '2026-04-23 12:00',
      '2026-04-23 16:00',
      '2026-04-24 12:00',
      '2026-04-24 16:00',
      // The weekend and the blackout (27 and 28 April) are left out.
      '2026-04-29 12:00',
      '2026-04-29 16:00',
      '2026-04-30 12:00',
      '2026-04-30 16:00',
    ]);
    // Noon in Denver in April is 18:00 UTC (MDT).
    expect(body.slots[0]!.start).toBe('2026-04-21T18:00:00.000Z');
    await putSettings({});
  });

  it('leaves out a slot another business booked', async () => {
    const [first, second] = [await member(), await member()];
    expect((await book(first.token, { slotStart: at('2026-05-04', '12:00') })).statusCode).toBe(
      201,
    );
    const body = (
      await slots(second.token, 'kind=grand_opening&from=2026-05-04&to=2026-05-04')
    ).json<CelebrationSlots>();
    expect(body.slots.map((s) => s.time)).toEqual(['16:00']);
  });

  it('follows the chamber’s clock across the change from daylight saving time', async () => {
    // To Tuesday 15 September 2026: six weeks on is 27 October; clocks fall back on 1 November.
    const moved = Date.parse('2026-09-15T16:00:00Z') - ctx.clock.now().getTime();
    ctx.clock.advance(moved);
    try {
      const maria = await member();
      const body = (
        await slots(maria.token, 'kind=grand_opening&from=2026-10-30&to=2026-11-02')
      ).json<CelebrationSlots>();
      expect(body.slots.map((s) => [s.date, s.time, s.start])).toEqual([
        ['2026-10-30', '12:00', '2026-10-30T18:00:00.000Z'],
        ['2026-10-30', '16:00', '2026-10-30T22:00:00.000Z'],
        ['2026-11-02', '12:00', '2026-11-02T19:00:00.000Z'],
        ['2026-11-02', '16:00', '2026-11-02T23:00:00.000Z'],
      ]);
      // 18:00 UTC is noon before the change and 11:00 after it: refused then.
      const wrong = await book(maria.token, { slotStart: '2026-11-02T18:00:00Z' });
      expect(wrong.statusCode).toBe(400);
      expect(message(wrong)).toMatch(/not one the chamber offers/);
      const right = await book(maria.token, { slotStart: '2026-11-02T19:00:00Z' });
      expect(right.statusCode, right.body).toBe(201);
    } finally {
      ctx.clock.advance(-moved);
    }
  });

  it('is for members in good standing with a business', async () => {
    const lapsed = await member({ paymentStatus: 'failed' });
    expect((await slots(lapsed.token, 'kind=grand_opening')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/celebrations/slots?kind=grand_opening' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('booking', () => {
  it('refuses a time the rules do not offer: a weekend, another hour, a blackout day', async () => {
    const maria = await member();
    const saturday = await book(maria.token, { slotStart: at('2026-05-09', '12:00') });
    expect(saturday.statusCode).toBe(400);
    expect(message(saturday)).toBe(
      'That time is not one the chamber offers: celebrations start at 12:00 or 16:00 on Monday, Tuesday, Wednesday, Thursday, Friday.',
    );
    const oneOClock = await book(maria.token, { slotStart: at('2026-05-11', '13:00') });
    expect(oneOClock.statusCode).toBe(400);
    const holidays = await book(maria.token, { slotStart: at('2026-12-22', '12:00') });
    expect(holidays.statusCode).toBe(400);
    expect(message(holidays)).toBe(
      'The chamber holds no celebrations from 2026-12-20 to 2027-01-04 (Holidays). Choose another day.',
    );
    expect(
      await ctx.db.select().from(celebrations).where(eq(celebrations.contactId, maria.contactId!)),
    ).toEqual([]);
  });

  it('refuses too little notice', async () => {
    const maria = await member();
    // 20 April is 41 days away; 21 April, 42.
    const early = await book(maria.token, { slotStart: at('2026-04-20', '12:00') });
    expect(early.statusCode).toBe(400);
    expect(message(early)).toBe(
      'Celebrations are booked at least 42 days ahead; the earliest day is 2026-04-21.',
    );
    expect((await book(maria.token, { slotStart: at('2026-04-21', '16:00') })).statusCode).toBe(
      201,
    );
  });

  it('holds a business to one a year', async () => {
    const maria = await member();
    expect((await book(maria.token, { slotStart: at('2026-06-01', '12:00') })).statusCode).toBe(
      201,
    );
    const again = await book(maria.token, {
      kind: 'anniversary',
      slotStart: at('2026-09-01', '12:00'),
    });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(
      'Your business already has its celebration for 2026; the chamber holds 1 per business a year.',
    );
    // Next year's is another year's count.
    expect((await book(maria.token, { slotStart: at('2027-02-02', '12:00') })).statusCode).toBe(
      201,
    );
  });

  it('keeps ribbon cuttings for members in their first year', async () => {
    const old = await member({ memberSince: '2024-01-15' });
    const refused = await book(old.token, {
      kind: 'ribbon_cutting',
      slotStart: at('2026-06-02', '12:00'),
    });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(
      'A ribbon cutting is for new members, in their first year of membership.',
    );
    const mine = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/celebrations/mine',
        headers: bearer(old.token),
      })
    ).json<MyCelebrations>();
    expect(mine.kinds).not.toContain('ribbon_cutting');
    const fresh = await member({ memberSince: '2025-11-01' });
    const booked = await book(fresh.token, {
      kind: 'ribbon_cutting',
      slotStart: at('2026-06-02', '12:00'),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // The address defaults to the listing's.
    expect(booked.json<Celebration>().address).toMatch(/Main St, Riverton, WY, 82501$/);
  });

  it('refuses a member not in good standing', async () => {
    const lapsed = await member({ paymentStatus: 'failed' });
    const res = await book(lapsed.token, { slotStart: at('2026-06-03', '12:00') });
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe(
      'Celebrations are for members in good standing. Renew your membership to book one.',
    );
  });

  it('gives one booking to two businesses racing for one slot', async () => {
    const racers = await Promise.all([member(), member(), member(), member()]);
    const slotStart = at('2026-06-04', '16:00');
    const answers = await Promise.all(racers.map((r) => book(r.token, { slotStart })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(message(lost)).toBe(
      'That time has just been booked by another business. Choose another time.',
    );
    const rows = await ctx.db
      .select()
      .from(celebrations)
      .where(eq(celebrations.slotStart, new Date(slotStart)));
    expect(rows).toHaveLength(1);
  });

  it('counts one business’s racing bookings against its yearly limit', async () => {
    const maria = await member();
    const answers = await Promise.all([
      book(maria.token, { slotStart: at('2026-06-08', '12:00') }),
      book(maria.token, { slotStart: at('2026-06-09', '12:00') }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('staff decide', () => {
  it('confirm: a public event on the calendar for the listing, the member and ambassadors mailed', async () => {
    const ambassador = await member({ firstName: 'Ava' });
    const made = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/celebration-ambassadors/${await personOf(ambassador)}`,
      headers: bearer(moderator),
      payload: { ambassador: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    await putSettings({ feeCents: 15000 });
    const fresh = await member({ memberSince: '2026-01-05', businessName: 'Lund Print' });
    const from = smtp.received.length;
    const booked = await book(fresh.token, {
      kind: 'ribbon_cutting',
      slotStart: at('2026-06-10', '12:00'),
      expectedGuests: 40,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<Celebration>();
    await ctx.app.flushMail();
    expect(smtp.sentTo(fresh.email, from).map((m) => m.subject)).toEqual([
      'We received your ribbon cutting booking',
    ]);
    // A member may not confirm.
    expect((await staff(`${id}/confirm`, undefined, fresh.token)).statusCode).toBe(403);
    const confirmed = await staff(`${id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json<Celebration>();
    expect(body.status).toBe('confirmed');
    expect(body.eventId).not.toBeNull();
    expect((await staff(`${id}/confirm`)).statusCode).toBe(409);

    const onCalendar = (await eventsIn(ctx, '2026-06-10', '2026-06-11')).find(
      (e) => e.id === body.eventId,
    );
    expect(onCalendar).toMatchObject({
      title: 'Ribbon cutting: Lund Print',
      contactId: fresh.contactId,
      startTime: '2026-06-10T18:00:00.000Z',
    });
    const [event] = await ctx.db.select().from(events).where(eq(events.id, body.eventId!));
    expect(event).toMatchObject({
      appointmentStatus: 'confirmed',
      calendarNotes: 'Ribbon cutting',
    });
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/celebrations/listing/${fresh.contactId}`,
    });
    expect(listing.json<ListingCelebrations>().celebrations).toEqual([
      expect.objectContaining({ id, kind: 'ribbon_cutting', eventId: body.eventId }),
    ]);
    // The fee, through billing.
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.contactId, fresh.contactId!), eq(invoices.purpose, 'other')));
    expect(invoice?.totalCents).toBe(15000);
    expect(body.invoiceId).toBe(invoice!.id);

    await ctx.app.flushMail();
    expect(smtp.sentTo(fresh.email, from).map((m) => m.subject)).toEqual([
      'We received your ribbon cutting booking',
      'Your ribbon cutting is confirmed: Wednesday, June 10, 2026 at 12:00 PM MDT',
    ]);
    const invited = smtp.sentTo(ambassador.email, from);
    expect(invited.map((m) => m.subject)).toEqual([
      'Ribbon cutting: Lund Print, Wednesday, June 10, 2026 at 12:00 PM MDT',
    ]);
    expect(invited[0]!.text).toContain(`/events/${body.eventId}?register`);
    await putSettings({});
  });

  it('propose another time: the booking moves, the member accepts it and it is confirmed', async () => {
    const maria = await member();
    const { id } = (
      await book(maria.token, { slotStart: at('2026-06-15', '12:00') })
    ).json<Celebration>();
    const other = await member();
    const taken = at('2026-06-16', '16:00');
    expect((await book(other.token, { slotStart: taken })).statusCode).toBe(201);
    expect((await staff(`${id}/propose`, { slotStart: taken })).statusCode).toBe(409);
    expect(
      (await staff(`${id}/propose`, { slotStart: at('2026-06-13', '16:00') })).statusCode,
    ).toBe(400);
    await ctx.app.flushMail();
    const from = smtp.received.length;
    const proposed = await staff(`${id}/propose`, {
      slotStart: at('2026-06-17', '16:00'),
      note: 'Our photographer is away on the 15th.',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json<Celebration>()).toMatchObject({
      status: 'proposed',
      start: '2026-06-17T22:00:00.000Z',
    });
    // The proposal's mail is composed from the booking as it is then: it goes out while the
    // proposal stands, before the member answers it (a proposal already answered is not sent).
    await ctx.app.flushMail();
    // The old slot is free again.
    const free = (
      await slots(other.token, 'kind=grand_opening&from=2026-06-15&to=2026-06-15')
    ).json<CelebrationSlots>();
    expect(free.slots.map((s) => s.time)).toEqual(['12:00', '16:00']);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/celebrations/${id}/accept`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/celebrations/${id}/accept`,
      headers: bearer(maria.token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Celebration>().status).toBe('confirmed');
    await ctx.app.flushMail();
    expect(smtp.sentTo(maria.email, from).map((m) => m.subject)).toEqual([
      'Another time for your grand opening: Wednesday, June 17, 2026 at 4:00 PM MDT',
      'Your grand opening is confirmed: Wednesday, June 17, 2026 at 4:00 PM MDT',
    ]);
  });

  it('decline: the member is mailed the reason and the slot is free', async () => {
    const maria = await member();
    const slotStart = at('2026-06-18', '12:00');
    const { id } = (await book(maria.token, { slotStart })).json<Celebration>();
    await ctx.app.flushMail();
    const from = smtp.received.length;
    expect((await staff(`${id}/decline`, {})).statusCode).toBe(400);
    const declined = await staff(`${id}/decline`, { reason: 'The street is closed that week.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Celebration>().status).toBe('declined');
    await ctx.app.flushMail();
    const [mail] = smtp.sentTo(maria.email, from);
    expect(mail?.subject).toBe('Your grand opening booking was declined');
    expect(mail?.text).toContain('The street is closed that week.');
    const other = await member();
    expect((await book(other.token, { slotStart })).statusCode).toBe(201);
  });

  it('confirms at once when the chamber confirms automatically', async () => {
    await putSettings({ autoConfirm: true });
    try {
      const maria = await member();
      const res = await book(maria.token, { slotStart: at('2026-06-19', '12:00') });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Celebration>()).toMatchObject({ status: 'confirmed' });
      expect(res.json<Celebration>().eventId).not.toBeNull();
    } finally {
      await putSettings({});
    }
  });
});

describe('reminders', () => {
  it('two weeks and two days before, with the checklist, each once', async () => {
    const maria = await member();
    const { id } = (
      await book(maria.token, { slotStart: at('2026-06-22', '12:00') })
    ).json<Celebration>();
    expect((await staff(`${id}/confirm`)).statusCode).toBe(200);
    await ctx.app.flushMail();
    const start = Date.parse(at('2026-06-22', '12:00'));
    const from = smtp.received.length;
    const moved = start - 15 * DAY - ctx.clock.now().getTime();
    const queuedFor = async () =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'celebration-reminder')))
        .map((m) => m.params as { id: string; days: number })
        .filter((p) => p.id === id)
        .map((p) => p.days);
    ctx.clock.advance(moved);
    try {
      // Fifteen days before: nothing yet.
      await queueCelebrationReminders(ctx.db, ctx.clock);
      expect(await queuedFor()).toEqual([]);
      ctx.clock.advance(DAY + 60_000);
      await queueCelebrationReminders(ctx.db, ctx.clock);
      await queueCelebrationReminders(ctx.db, ctx.clock);
      expect(await queuedFor()).toEqual([14]);
      ctx.clock.advance(12 * DAY);
      await queueCelebrationReminders(ctx.db, ctx.clock);
      await queueCelebrationReminders(ctx.db, ctx.clock);
      expect(await queuedFor()).toEqual([14, 2]);
      await ctx.app.flushMail();
      // Both wait in the outbox together, so workers may deliver them in either order.
      const mails = smtp.sentTo(maria.email, from);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Your grand opening is in two days',
        'Your grand opening is in two weeks',
      ]);
      const twoDays = mails.find((m) => m.subject === 'Your grand opening is in two days');
      expect(twoDays!.text).toContain('• Ceremonial scissors');
    } finally {
      ctx.clock.advance(-(moved + DAY + 60_000 + 12 * DAY));
    }
  });
});

describe('a business’s own bookings', () => {
  it('are shown to its member alone: another member sees none of them, a visitor is refused', async () => {
    const owner = await member();
    const other = await member();
    const booked = await book(owner.token, { slotStart: at('2026-06-23', '16:00') });
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = (token?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/celebrations/mine',
        ...(token ? { headers: bearer(token) } : {}),
      });
    const own = await mine(owner.token);
    expect(own.json<MyCelebrations>().celebrations.map((c) => c.id)).toEqual([
      booked.json<Celebration>().id,
    ]);
    expect(own.json<MyCelebrations>().celebrations[0]!.status).toBe('pending');
    const others = await mine(other.token);
    expect(others.statusCode).toBe(200);
    expect(others.json<MyCelebrations>().celebrations).toEqual([]);
    expect((await mine()).statusCode).toBe(401);
  });
});

describe('ambassadors', () => {
  const put = async (who: { id: string } | string, ambassador: boolean, token?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/celebration-ambassadors/${typeof who === 'string' ? who : await personOf(who)}`,
      ...(token ? { headers: bearer(token) } : {}),
      payload: { ambassador },
    });
  const list = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/admin/celebration-ambassadors',
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('are given and taken by staff alone: a member and a visitor are refused', async () => {
    const someone = await member({ firstName: 'Noor' });
    expect((await put(someone, true, someone.token)).statusCode).toBe(403);
    expect((await put(someone, true)).statusCode).toBe(401);
    expect((await list(someone.token)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
    const personId = await personOf(someone);
    const names = async () =>
      (await list(moderator))
        .json<{ ambassadors: { personId: string }[] }>()
        .ambassadors.map((a) => a.personId);
    expect(await names()).not.toContain(personId);
    expect((await put(someone, true, moderator)).statusCode).toBe(200);
    expect(await names()).toContain(personId);
    expect((await put(someone, false, moderator)).statusCode).toBe(200);
    expect(await names()).not.toContain(personId);
    // A business's id is not a person's.
    expect((await put(someone.contactId!, true, moderator)).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', true, moderator)).statusCode).toBe(
      404,
    );
  });

  it('are mailed a confirmed celebration and sign up to attend its event; a removed one is not', async () => {
    const kept = await member({ firstName: 'Ines' });
    const removed = await member({ firstName: 'Olaf' });
    // Ines's colleague at the same business is not an ambassador: not mailed.
    const colleague = await createTestUser(ctx.db, {
      firstName: 'Cole',
      contactId: kept.contactId,
    });
    expect((await put(kept, true, moderator)).statusCode).toBe(200);
    expect((await put(removed, true, moderator)).statusCode).toBe(200);
    expect((await put(removed, false, moderator)).statusCode).toBe(200);
    const host = await member({ businessName: 'Keel Outfitters' });
    const from = smtp.received.length;
    const { id } = (
      await book(host.token, { slotStart: at('2026-06-24', '12:00') })
    ).json<Celebration>();
    const confirmed = await staff(`${id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const eventId = confirmed.json<Celebration>().eventId!;
    await ctx.app.flushMail();
    const invited = smtp.sentTo(kept.email, from);
    expect(invited.map((m) => m.subject)).toEqual([
      'Grand opening: Keel Outfitters, Wednesday, June 24, 2026 at 12:00 PM MDT',
    ]);
    expect(invited[0]!.text).toContain(`/events/${eventId}?register`);
    expect(smtp.sentTo(removed.email, from)).toEqual([]);
    expect(smtp.sentTo(colleague.email, from)).toEqual([]);
    // The link's registration: the public event takes the ambassador's sign-up.
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${eventId}/registrations`,
      headers: bearer(kept.token),
      payload: { name: 'Ines Ambassador', email: kept.email, numberOfGuests: 1 },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    await put(kept, false, moderator);
  });
});

describe('photos after the event', () => {
  /** A PNG uploaded by staff, as the event image upload answers it. */
  async function photo(width: number) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/medias/upload-event-cover',
      headers: bearer(moderator),
      payload: {
        fileData: dataUrl(await makeImage('png', { width, height: 12 })),
        fileName: 'p.png',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ mediaUrl: string }>().mediaUrl;
  }

  function putPhotos(id: string, photos: { url: string; caption: string }[], token = moderator) {
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/celebrations/${id}/photos`,
      headers: bearer(token),
      payload: { photos },
    });
  }

  /** A confirmed celebration of `who` on `day`. */
  async function confirmed(who: Awaited<ReturnType<typeof member>>, day: string, consent: boolean) {
    const res = await book(who.token, { slotStart: at(day, '12:00'), galleryConsent: consent });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<Celebration>();
    const done = await staff(`${id}/confirm`);
    expect(done.statusCode, done.body).toBe(200);
    return done.json<Celebration>();
  }

  /**
   * The celebration took place: its start moves back to a day of its own before today (the
   * sessions would not outlive moving the clock months on).
   */
  let past = 0;
  const takePlace = (id: string) =>
    ctx.db
      .update(celebrations)
      .set({ slotStart: new Date(ctx.clock.now().getTime() - ++past * DAY) })
      .where(eq(celebrations.id, id));

  const gallery = async (contactId: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/members/${contactId}` })).json<{
      gallery: { url: string; caption: string }[];
    }>().gallery;

  it('go on the event page once it has begun, and with consent to an elite listing’s gallery', async () => {
    const maria = await member({ membershipTier: 'elite' });
    const booking = await confirmed(maria, '2026-07-07', true);
    const [first, second] = [await photo(20), await photo(21)];
    const photos = [
      { url: first, caption: 'Cutting the ribbon' },
      { url: second, caption: '' },
    ];

    // Before it starts: refused, nothing shown.
    const early = await putPhotos(booking.id, photos);
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe('Photos can be added once the celebration has begun.');

    await takePlace(booking.id);
    {
      // A member, even the business's own, may not.
      expect((await putPhotos(booking.id, photos, maria.token)).statusCode).toBe(403);
      // An image not uploaded to the portal is refused.
      const foreign = await putPhotos(booking.id, [
        { url: `/api/media/${'a'.repeat(64)}.png`, caption: '' },
      ]);
      expect(foreign.statusCode).toBe(400);

      const res = await putPhotos(booking.id, photos);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ addedToGallery: 2, galleryNote: null });
      expect(res.json<{ celebration: Celebration }>().celebration.photos).toEqual(photos);

      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/celebrations/event/${booking.eventId}/photos`,
      });
      expect(page.json()).toEqual({
        photos,
        business: { id: maria.contactId, name: booking.business.name },
      });
      expect(await gallery(maria.contactId!)).toEqual(photos);

      // Saved again with one photo less and the order changed: the page follows, the gallery
      // keeps what it was given and takes nothing twice.
      const again = await putPhotos(booking.id, [photos[1]!]);
      expect(again.json()).toMatchObject({ addedToGallery: 0 });
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/celebrations/event/${booking.eventId}/photos`,
          })
        ).json<{ photos: unknown[] }>().photos,
      ).toEqual([photos[1]]);
      expect(await gallery(maria.contactId!)).toEqual(photos);
    }
  });

  it('stay off the gallery without consent, or when the plan has no gallery', async () => {
    const noConsent = await member({ membershipTier: 'elite' });
    const basic = await member({ membershipTier: 'standard' });
    const a = await confirmed(noConsent, '2026-07-08', false);
    const b = await confirmed(basic, '2026-07-09', true);
    const url = await photo(22);
    await takePlace(a.id);
    await takePlace(b.id);
    {
      const refused = await putPhotos(a.id, [{ url, caption: 'Guests' }]);
      expect(refused.json()).toMatchObject({
        addedToGallery: 0,
        galleryNote: 'The business did not agree to photos in its gallery.',
      });
      const plan = await putPhotos(b.id, [{ url, caption: 'Guests' }]);
      expect(plan.json()).toMatchObject({
        addedToGallery: 0,
        galleryNote: 'The business’s plan has no image gallery.',
      });
      expect(await gallery(noConsent.contactId!)).toEqual([]);
    }
  });

  it('are only for a confirmed celebration; another event has none', async () => {
    const maria = await member();
    const { id } = (
      await book(maria.token, { slotStart: at('2026-07-14', '12:00') })
    ).json<Celebration>();
    const res = await putPhotos(id, [{ url: await photo(23), caption: '' }]);
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('Photos go on the event page of a confirmed celebration.');
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/celebrations/event/${randomUUID()}/photos`,
    });
    expect(other.json()).toEqual({ photos: [], business: null });
  });
});
