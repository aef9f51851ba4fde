import { and, asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesRegistrationResult } from '@chamber/contract';
import { eventRegistrations, invoiceLines, invoices } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import {
  createdEvent,
  register,
  startCalendarApp,
  type CalendarPeople,
  expectAnswerBeforeMail,
  registerSeries as registerSeriesAt,
} from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

let n = 0;
function guest(party: number) {
  n += 1;
  return {
    ip: `198.18.60.${n}`,
    body: { name: 'Robin Hale', email: `guest${n}@series.example`, numberOfGuests: party },
  };
}

const registerSeries = (id: string, payload: object, remoteAddress = '198.18.61.1') =>
  registerSeriesAt(ctx, id, payload, remoteAddress);

async function seriesSignUp(id: string, party: number) {
  const g = guest(party);
  const res = await registerSeries(id, g.body, g.ip);
  expect(res.statusCode, res.body).toBe(201);
  return { ...g, result: res.json<SeriesRegistrationResult>() };
}

async function mailsTo(email: string): Promise<ParsedMail[]> {
  await smtp.waitUntil(() => smtp.sentTo(email)[0], `mail to ${email}`, 8000).catch(() => {});
  // Anything more would have come with the first.
  await new Promise((r) => setTimeout(r, 200));
  return smtp.sentTo(email);
}

const rowsOf = (email: string) =>
  ctx.db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.email, email))
    .orderBy(asc(eventRegistrations.occurrenceKey));

/** A weekly series of `count` dates; the first on March 19, 2026 (the clock says March 10). */
const weekly = (title: string, count: number, overrides: Record<string, unknown> = {}) =>
  createdEvent(ctx, people.owner.token, {
    title,
    rrule: `FREQ=WEEKLY;COUNT=${count}`,
    ...overrides,
  });

describe('registering for every upcoming date of a series', () => {
  it('seats the party on every date, with one mail listing them', async () => {
    const series = await weekly('Weekly Coffee', 3, { capacity: 10 });
    const preview = await ctx.app.inject({
      url: `/api/calendars/appointments/${series.masterEventId}_20260326T180000Z/series-registrations`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      dates: [
        {
          eventId: `${series.masterEventId}_20260319T180000Z`,
          startTime: '2026-03-19T18:00:00.000Z',
        },
        {
          eventId: `${series.masterEventId}_20260326T180000Z`,
          startTime: '2026-03-26T18:00:00.000Z',
        },
        {
          eventId: `${series.masterEventId}_20260402T180000Z`,
          startTime: '2026-04-02T18:00:00.000Z',
        },
      ],
    });
    const { body, result } = await seriesSignUp(series.masterEventId!, 2);
    expect(result.dates.map((d) => [d.eventId, d.seatStatus])).toEqual([
      [`${series.masterEventId}_20260319T180000Z`, 'confirmed'],
      [`${series.masterEventId}_20260326T180000Z`, 'confirmed'],
      [`${series.masterEventId}_20260402T180000Z`, 'confirmed'],
    ]);
    expect(result).toMatchObject({ seatedCount: 3, waitlistedCount: 0, ticket: null });
    const rows = await rowsOf(body.email);
    expect(rows.map((r) => [r.occurrenceKey, r.seatStatus, r.guests])).toEqual([
      ['20260319T180000Z', 'confirmed', 2],
      ['20260326T180000Z', 'confirmed', 2],
      ['20260402T180000Z', 'confirmed', 2],
    ]);
    const mails = await mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You're registered for 3 dates: Weekly Coffee");
    expect(mails[0]!.text).toContain('Thursday, March 19, 2026');
    expect(mails[0]!.text).toContain('Thursday, April 2, 2026');
    // Each date has its own manage link.
    expect(mails[0]!.text!.match(/registrations\/manage#token=/g)).toHaveLength(3);
  });

  it('puts the party on the waiting list of a full date only', async () => {
    const series = await weekly('Breakfast Club', 3, { capacity: 3 });
    const second = `${series.masterEventId}_20260326T180000Z`;
    const first = guest(3);
    expect((await register(ctx, second, first.body, { remoteAddress: first.ip })).statusCode).toBe(
      201,
    );
    // Any occurrence id names its series.
    const { body, result } = await seriesSignUp(`${series.masterEventId}_20260402T180000Z`, 2);
    expect(result.dates.map((d) => [d.seatStatus, d.waitlistPosition])).toEqual([
      ['confirmed', null],
      ['waitlisted', 1],
      ['confirmed', null],
    ]);
    expect(result).toMatchObject({ seatedCount: 2, waitlistedCount: 1 });
    const rows = await rowsOf(body.email);
    expect(rows.map((r) => r.seatStatus)).toEqual(['confirmed', 'waitlisted', 'confirmed']);
    const [mail] = await mailsTo(body.email);
    expect(mail!.text).toContain('Thursday, March 26, 2026');
    expect(mail!.text).toContain('on the waiting list (number 1)');
    // Nobody overbooked the full date.
    const taken = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, series.masterEventId!),
          eq(eventRegistrations.occurrenceKey, '20260326T180000Z'),
          eq(eventRegistrations.seatStatus, 'confirmed'),
        ),
      );
    expect(taken.reduce((s, r) => s + r.guests, 0)).toBe(3);
  });

  it('never overbooks a date when series and single registrations race', async () => {
    const series = await weekly('Evening Mixer', 3, { capacity: 2 });
    const dates = ['20260319T180000Z', '20260326T180000Z', '20260402T180000Z'];
    const wholes = Array.from({ length: 4 }, () => guest(1));
    const singles = dates.flatMap((key) =>
      Array.from({ length: 2 }, () => ({ id: `${series.masterEventId}_${key}`, g: guest(1) })),
    );
    const answers = await Promise.all([
      ...wholes.map((g) => registerSeries(series.masterEventId!, g.body, g.ip)),
      ...singles.map(({ id, g }) => register(ctx, id, g.body, { remoteAddress: g.ip })),
    ]);
    // Seat locks taken in date order: no deadlock, no error.
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, series.masterEventId!));
    for (const key of dates) {
      const mine = rows.filter((r) => r.occurrenceKey === key);
      expect(mine).toHaveLength(6);
      const seated = mine.filter((r) => r.seatStatus === 'confirmed');
      expect(seated.reduce((sum, r) => sum + r.guests, 0)).toBe(2);
    }
  });

  it('skips dates that have started', async () => {
    // March 3, 10 and 17 at 8:00 to 12:00 Denver time; at 17:00 UTC on March 10 (11:00 MDT)
    // the second is under way.
    const series = await weekly('Morning Walk', 3, {
      startTime: '2026-03-03T15:00:00.000Z',
      endTime: '2026-03-03T19:00:00.000Z',
    });
    const { body, result } = await seriesSignUp(series.masterEventId!, 1);
    expect(result.dates.map((d) => d.startTime)).toEqual(['2026-03-17T14:00:00.000Z']);
    expect((await rowsOf(body.email)).map((r) => r.occurrenceKey)).toEqual(['20260317T140000Z']);
  });

  it('counts against the same throttle as one date: five an hour from an address', async () => {
    const series = await weekly('Throttled Coffee', 2);
    const other = await createdEvent(ctx, people.owner.token, { title: 'Throttled Lunch' });
    const body = { name: 'Robin Hale', email: 'often@series.example' };
    const ip = (i: number) => `198.18.62.${i}`;
    // Three dates of one event, two series: the sixth registration from the address is refused.
    for (let i = 1; i <= 3; i += 1) {
      const one = await register(
        ctx,
        other.id,
        { ...body, numberOfGuests: i },
        {
          remoteAddress: ip(i),
        },
      );
      expect(one.statusCode, one.body).toBeLessThan(300);
    }
    for (let i = 4; i <= 5; i += 1) {
      expect((await registerSeries(series.masterEventId!, body, ip(i))).statusCode).toBe(201);
    }
    const refused = await registerSeries(series.masterEventId!, body, ip(6));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many registrations from here. Please try again later.',
    });
  });

  it('answers bad input with a clear 4xx', async () => {
    const series = await weekly('Lunch Talks', 2);
    const single = await createdEvent(ctx, people.owner.token, { title: 'One Night Only' });
    const cases: [string, object, number][] = [
      [series.masterEventId!, { ...guest(1).body, numberOfGuests: 0 }, 400],
      [series.masterEventId!, { ...guest(1).body, numberOfGuests: 11 }, 400],
      [series.masterEventId!, { ...guest(1).body, numberOfGuests: 2.5 }, 400],
      [series.masterEventId!, { ...guest(1).body, email: 'not-an-email' }, 400],
      [single.id, guest(1).body, 400],
      ['00000000-0000-4000-8000-000000000000', guest(1).body, 404],
      [`${series.masterEventId}_20260320T180000Z`, guest(1).body, 404],
    ];
    for (const [id, payload, status] of cases) {
      const res = await registerSeries(id, payload);
      expect(res.statusCode, `${id} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // A series whose dates have all passed takes no registration.
    ctx.clock.advance(30 * DAY);
    const res = await registerSeries(series.masterEventId!, guest(1).body);
    ctx.clock.advance(-30 * DAY);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Registration is closed: this series has no upcoming dates.');
  });

  it('bills a priced series with one invoice, a line per seated date', async () => {
    const series = await weekly('Paid Workshop', 3, {
      capacity: 2,
      memberPriceCents: 2500,
      priceCents: 3500,
      ticketPayment: 'door',
    });
    const third = `${series.masterEventId}_20260402T180000Z`;
    const filler = guest(2);
    await register(ctx, third, filler.body, { remoteAddress: filler.ip });
    const { body, result } = await seriesSignUp(series.masterEventId!, 2);
    expect(result.dates.map((d) => d.seatStatus)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    const rows = await rowsOf(body.email);
    const invoiceIds = new Set(rows.filter((r) => r.invoiceId).map((r) => r.invoiceId));
    expect(invoiceIds.size).toBe(1);
    // The waiting date is not billed until it takes seats.
    expect(rows[2]!.invoiceId).toBeNull();
    const invoiceId = [...invoiceIds][0]!;
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice!.totalCents).toBe(2 * 2 * 3500);
    const lines = await ctx.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position));
    expect(lines.map((l) => [l.description, l.quantity, l.unitCents])).toEqual([
      ['Ticket: Paid Workshop, March 19, 2026', 2, 3500],
      ['Ticket: Paid Workshop, March 26, 2026', 2, 3500],
    ]);
    expect(result.ticket).toMatchObject({
      invoiceId,
      amountCents: 14_000,
      status: 'unpaid',
      payment: 'door',
    });
    const [mail] = await mailsTo(body.email);
    expect(mail!.text).toContain('Tickets: $140.00, to be paid at the door');
  });
});

describe('a slow mail server', () => {
  it('does not hold the answer: the list of dates follows it, once', async () => {
    const slow = await startCalendarApp({ held: true });
    try {
      const series = await createdEvent(slow.ctx, slow.people.owner.token, {
        title: 'Slow Coffee',
        rrule: 'FREQ=WEEKLY;COUNT=2',
      });
      const g = guest(1);
      await expectAnswerBeforeMail(
        slow,
        registerSeriesAt(slow.ctx, series.masterEventId!, g.body, g.ip),
        "You're registered for 2 dates: Slow Coffee",
      );
    } finally {
      await slow.close();
    }
  });
});
