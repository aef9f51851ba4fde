import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Appointment,
  CheckInList,
  CheckInResult,
  ManagedRegistration,
  RegistrationList,
  RegistrationResult,
} from '@chamber/contract';
import { chambers, eventRegistrations, eventSeats } from '@chamber/db';
import { createTestUser, signIn, type TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  calendarPeople,
  createdEvent,
  deleteAppointment,
  getAppointment,
  register,
  startCalendarApp,
  updateAppointment,
  runSeatOffers,
} from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
const HOUR = 3_600_000;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

let n = 0;
/** A registration body from a fresh address and client, so throttles never meet. */
function guest(party: number, name = 'Robin Hale') {
  n += 1;
  return {
    ip: `198.18.20.${n}`,
    body: { name, email: `guest${n}@seats.example`, numberOfGuests: party },
  };
}

const tokenIn = (mail: ParsedMail) => {
  const url = mail.text?.match(/https:\/\/portal\.example\/registrations\/manage#token=([\w-]+)/);
  if (!url) throw new Error(`no manage link in ${mail.text}`);
  return url[1]!;
};

/**
 * Each registrant's manage token, from the mail their answer sent: the confirmation when
 * seated, the waiting-list mail otherwise. Many mails at once arrive after their answers.
 */
function manageTokens(
  registrants: { body: { email: string }; result: RegistrationResult }[],
  title: string,
) {
  return Promise.all(
    registrants.map(async (r) =>
      tokenIn(
        await smtp.mailTo(
          r.body.email,
          r.result.registration.seatStatus === 'confirmed'
            ? new RegExp(`^You're registered: ${title}$`)
            : new RegExp(`^You're on the waiting list: ${title}$`),
          20_000,
        ),
      ),
    ),
  );
}

async function signUp(eventId: string, party: number, name?: string) {
  const g = guest(party, name);
  const res = await register(ctx, eventId, g.body, { remoteAddress: g.ip });
  expect(res.statusCode, res.body).toBe(201);
  return { ...g, result: res.json<RegistrationResult>() };
}

const manage = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', token: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: method === 'POST' ? '/api/registrations/manage/accept' : '/api/registrations/manage',
    headers: { 'x-registration-token': token },
    ...(payload ? { payload } : {}),
  });

/** The occurrence's seat counter, as the registration statement reads it. */
async function seatCounter(eventId: string, occurrenceKey = ''): Promise<number | null> {
  const [row] = await ctx.db
    .select({ taken: eventSeats.taken })
    .from(eventSeats)
    .where(and(eq(eventSeats.eventId, eventId), eq(eventSeats.occurrenceKey, occurrenceKey)));
  return row?.taken ?? null;
}

/** The seats held, counted from the registrations themselves. */
async function seatsHeld(eventId: string, occurrenceKey = ''): Promise<number> {
  const [row] = await ctx.db
    .select({ people: sql<number>`coalesce(sum(${eventRegistrations.guests}), 0)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.occurrenceKey, occurrenceKey),
        sql`${eventRegistrations.seatStatus} in ('confirmed', 'offered', 'held')`,
      ),
    );
  return row!.people;
}

/** The counter row's parties and waiting parties, beside the same counted from the rows. */
async function partyCounts(eventId: string, occurrenceKey = '') {
  const [counter] = await ctx.db
    .select({ parties: eventSeats.parties, waiting: eventSeats.waiting })
    .from(eventSeats)
    .where(and(eq(eventSeats.eventId, eventId), eq(eventSeats.occurrenceKey, occurrenceKey)));
  const [rows] = await ctx.db
    .select({
      parties: sql<number>`(count(*) filter (where ${eventRegistrations.seatStatus} in ('confirmed', 'offered', 'held')))::int`,
      waiting: sql<number>`(count(*) filter (where ${eventRegistrations.seatStatus} = 'waitlisted'))::int`,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.occurrenceKey, occurrenceKey),
      ),
    );
  return { counter, rows };
}

const seatsOf = async (id: string) => getAppointment(ctx, id).then((r) => r.json<Appointment>());

describe('capacity and the waiting list', () => {
  it('seats parties while they fit, then puts them on the waiting list with their place', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Seat Lunch', capacity: 4 });
    expect(event).toMatchObject({ capacity: 4, seatsLeft: 4, waitlistCount: 0 });

    const first = await signUp(event.id, 3);
    expect(first.result).toMatchObject({
      registration: { seatStatus: 'confirmed', waitlistPosition: null },
      seatsLeft: 1,
      message: "We've sent a confirmation to your email.",
    });
    const waiting = await signUp(event.id, 2);
    expect(waiting.result).toMatchObject({
      registration: { seatStatus: 'waitlisted', waitlistPosition: 1 },
      seatsLeft: 1,
      message:
        "This event is sold out. You're number 1 on the waiting list; we'll email you if seats free up.",
    });
    const mail = await smtp.mailTo(waiting.body.email, /^You're on the waiting list: Seat Lunch$/);
    expect(mail.text).toContain('your party of 2 is number 1 on the waiting list');
    // No seat, so no calendar file to add it with (and no words offering one).
    expect(mail.attachments.filter((a) => a.filename?.endsWith('.ics'))).toEqual([]);
    expect(mail.text).not.toMatch(/add to calendar|calendar file/i);

    // A party of one still fits the last seat: the waiting party of two does not.
    const last = await signUp(event.id, 1);
    expect(last.result.registration.seatStatus).toBe('confirmed');
    expect(await seatsOf(event.id)).toMatchObject({
      seatsLeft: 0,
      attendeeCount: 4,
      registrationCount: 2,
      waitlistCount: 1,
    });
    const second = await signUp(event.id, 1);
    expect(second.result.registration).toMatchObject({
      seatStatus: 'waitlisted',
      waitlistPosition: 2,
    });
  });

  it('never overbooks when many register for the last seats at once', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Race', capacity: 3 });
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => {
        const g = guest(1);
        return register(ctx, event.id, g.body, { remoteAddress: g.ip });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const statuses = answers.map((a) => a.json<RegistrationResult>().registration.seatStatus);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(21);
    // Counted in the database, not in the answers.
    const [row] = await ctx.db
      .select({ people: sql<number>`sum(${eventRegistrations.guests})::int` })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.seatStatus, 'confirmed'),
        ),
      );
    expect(row!.people).toBe(3);
    const positions = answers
      .map((a) => a.json<RegistrationResult>().registration.waitlistPosition)
      .filter((p) => p !== null)
      .sort((a, b) => a! - b!);
    expect(positions).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });

  it('seats 50 parties racing for 20 seats in their order of arrival, never more', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Rush', capacity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const g = guest(1 + (i % 3));
        return register(ctx, event.id, g.body, { remoteAddress: g.ip });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id))
      .orderBy(eventRegistrations.queuedAt);
    const seated = rows.filter((r) => r.seatStatus === 'confirmed');
    const seatedPeople = seated.reduce((sum, r) => sum + r.guests, 0);
    expect(seatedPeople).toBeLessThanOrEqual(20);
    // No waiting party fits the seats left: each would have been seated when it came.
    const waiting = rows.filter((r) => r.seatStatus === 'waitlisted');
    expect(waiting.length + seated.length).toBe(50);
    expect(waiting.every((r) => r.guests > 20 - seatedPeople)).toBe(true);
    // Taken in arrival order: a waiting party did not fit the seats left when it came.
    let taken = 0;
    for (const row of rows) {
      const fits = taken + row.guests <= 20;
      expect(row.seatStatus).toBe(fits ? 'confirmed' : 'waitlisted');
      if (fits) taken += row.guests;
    }
    expect(await seatCounter(event.id)).toBe(seatedPeople);
    const positions = answers
      .map((a) => a.json<RegistrationResult>().registration.waitlistPosition)
      .filter((p) => p !== null)
      .sort((a, b) => a! - b!);
    expect(positions).toEqual(Array.from({ length: waiting.length }, (_, i) => i + 1));
  });

  it('mails each waiting party the place its answer gave, counted again once put back', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Queue Talk', capacity: 1 });
    await signUp(event.id, 1);
    await ctx.app.flushMail();
    // The mails wait in the outbox while the queue moves.
    await ctx.app.outbox.stop(5_000);
    type Party = Awaited<ReturnType<typeof signUp>>;
    const placeOf = (w: Party) => w.result.registration.waitlistPosition!;
    let waiting: Party[];
    try {
      waiting = await Promise.all(Array.from({ length: 6 }, () => signUp(event.id, 1)));
      expect(waiting.map(placeOf).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      // The first in the queue is put back at its end, as after an offer it let lapse.
      const first = waiting.find((w) => placeOf(w) === 1)!;
      await ctx.db
        .update(eventRegistrations)
        .set({ queuedAt: sql`nextval(pg_get_serial_sequence('event_registrations', 'queued_at'))` })
        .where(eq(eventRegistrations.id, first.result.registration.id));
    } finally {
      ctx.app.outbox.start();
    }
    for (const w of waiting) {
      const mail = await smtp.mailTo(w.body.email, /^You're on the waiting list: Queue Talk$/);
      const place = placeOf(w) === 1 ? 6 : placeOf(w);
      expect(mail.text).toContain(`your party of 1 is number ${place} on the waiting list`);
    }
  });

  it('takes a seat or a place in the queue, with the counts of its answer, in one statement', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Counted', capacity: 3 });
    await signUp(event.id, 2);
    await ctx.app.flushMail();
    // The registrations' own statements only: the outbox's workers compose their mail later.
    await ctx.app.outbox.stop(5_000);
    const client = await ctx.pool.connect();
    const connection = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    client.release();
    const spy = vi.spyOn(connection, 'query');
    try {
      const seated = await signUp(event.id, 1);
      const waiting = await signUp(event.id, 2);
      const texts = spy.mock.calls.map(([first]) =>
        typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''),
      );
      // Each registration is one call of the seat function, and its answer reads neither its
      // row nor the occurrence's rows after it.
      expect(texts.filter((t) => t.includes('take_seats_or_queue'))).toHaveLength(2);
      expect(texts.filter((t) => t.includes('event_registrations'))).toEqual([]);
      expect(texts.filter((t) => /^\s*begin/i.test(t))).toEqual([]);
      expect(seated.result).toMatchObject({
        registration: { seatStatus: 'confirmed', waitlistPosition: null },
        attendeeCount: 3,
        registrationCount: 2,
        seatsLeft: 0,
      });
      expect(waiting.result).toMatchObject({
        registration: { seatStatus: 'waitlisted', waitlistPosition: 1 },
        attendeeCount: 3,
        registrationCount: 2,
        seatsLeft: 0,
      });
    } finally {
      spy.mockRestore();
      ctx.app.outbox.start();
    }
  });

  it('keeps its seat counter equal to the seats held through cancellations, changes and offers', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Mixer', capacity: 12 });
    const first = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signUp(event.id, 1 + (i % 3))),
    );
    const tokens = await manageTokens(first, 'Mixer');
    const seatedTokens = tokens.filter(
      (_, i) => first[i]!.result.registration.seatStatus === 'confirmed',
    );
    // At once: new parties, cancellations, a party shrinking, a party growing past the seats.
    const mixed = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => {
        const g = guest(1 + (i % 2));
        return register(ctx, event.id, g.body, { remoteAddress: g.ip });
      }),
      manage('DELETE', seatedTokens[0]!),
      manage('DELETE', seatedTokens[1]!),
      manage('PUT', seatedTokens[2]!, { name: 'Robin Hale', numberOfGuests: 1 }),
      manage('PUT', seatedTokens[3]!, { name: 'Robin Hale', numberOfGuests: 10 }),
    ]);
    expect(mixed.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
    expect(await seatCounter(event.id)).toBe(await seatsHeld(event.id));
    const midway = await partyCounts(event.id);
    expect(midway.counter).toEqual(midway.rows);
    expect(midway.rows!.waiting).toBeGreaterThan(0);

    // The offers made are taken, in parallel.
    const offered = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.seatStatus, 'offered')),
      );
    expect(offered.length).toBeGreaterThan(0);
    const accepted = await Promise.all(
      offered.map(async (r) =>
        manage(
          'POST',
          tokenIn(await smtp.mailTo(r.email, /^Seats are free for you: Mixer$/, 20_000)),
        ),
      ),
    );
    expect(accepted.map((r) => r.statusCode)).toEqual(accepted.map(() => 200));
    expect(await seatCounter(event.id)).toBe(await seatsHeld(event.id));
    expect(await seatsHeld(event.id)).toBeLessThanOrEqual(12);
    const after = await partyCounts(event.id);
    expect(after.counter).toEqual(after.rows);
  });

  it('an occurrence of a series may have its own capacity', async () => {
    const series = await createdEvent(ctx, people.owner.token, {
      title: 'Weekly Coffee',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      capacity: 2,
    });
    const second = `${series.masterEventId}_20260326T180000Z`;
    const third = `${series.masterEventId}_20260402T180000Z`;
    const res = await updateAppointment(
      ctx,
      second,
      { capacity: 5, recurringEventUpdateType: 'this_event' },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await seatsOf(second)).toMatchObject({ capacity: 5, seatsLeft: 5 });
    expect(await seatsOf(third)).toMatchObject({ capacity: 2, seatsLeft: 2 });
    const big = await signUp(second, 4);
    expect(big.result.registration.seatStatus).toBe('confirmed');
    const tooBig = await signUp(third, 4);
    expect(tooBig.result.registration.seatStatus).toBe('waitlisted');
  });

  it('refuses a capacity that is not a whole number of seats', async () => {
    for (const capacity of [0, -3, 2.5, 'ten']) {
      const res = await updateAppointment(
        ctx,
        (await createdEvent(ctx, people.owner.token)).id,
        { capacity },
        people.owner.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('the seat lock is taken first on every path', () => {
  /** Until a request of this database waits for a lock held by the test's own session. */
  async function someoneWaitsForALock() {
    for (let i = 0; i < 400; i += 1) {
      const { rows } = await ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no request waited for the seat lock');
  }

  /** What every registration path does first: the occurrence's counter row, locked. */
  const takeSeatLock = (
    client: { query: (text: string, values: unknown[]) => Promise<unknown> },
    eventId: string,
  ) =>
    client.query(
      `insert into event_seats (event_id, occurrence_key) values ($1, '')
       on conflict (event_id, occurrence_key) do update set taken = event_seats.taken`,
      [eventId],
    );

  async function member() {
    const user = await createTestUser(ctx.db, { role: 'member', contact: true });
    return { user, token: await signIn(ctx, user.email) };
  }

  it('deletes an account while its waiting party is being offered seats, without a deadlock', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Tight', capacity: 1 });
    await signUp(event.id, 1);
    const waiter = await member();
    const res = await register(
      ctx,
      event.id,
      { name: 'Wade Waiting', email: waiter.user.email, numberOfGuests: 1 },
      { token: waiter.token, remoteAddress: '198.18.30.1' },
    );
    const waiting = res.json<RegistrationResult>().registration;
    expect(waiting.seatStatus).toBe('waitlisted');
    const settler = await ctx.pool.connect();
    try {
      await settler.query('begin');
      await takeSeatLock(settler, event.id);
      const deleting = ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${waiter.user.id}`,
        headers: { authorization: `Bearer ${people.admin.token}` },
      });
      await someoneWaitsForALock();
      // As settling seats does under the lock: the waiting party is offered seats.
      await settler.query(
        `update event_registrations set seat_status = 'offered',
           hold_until = now() + interval '1 hour' where id = $1`,
        [waiting.id],
      );
      await settler.query('commit');
      expect((await deleting).statusCode).toBe(200);
    } finally {
      settler.release();
    }
    const counts = await partyCounts(event.id);
    expect(counts.counter).toEqual(counts.rows);
    expect(counts.rows).toEqual({ parties: 1, waiting: 0 });
  });

  it('deletes an event while a registration for it holds its seat lock, without a deadlock', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Gone', capacity: 5 });
    await signUp(event.id, 1);
    const registrar = await ctx.pool.connect();
    try {
      await registrar.query('begin');
      await takeSeatLock(registrar, event.id);
      const deleting = deleteAppointment(ctx, event.id, people.owner.token);
      await someoneWaitsForALock();
      // The registration's insert checks that its event is there, as the seat lock is held.
      await registrar.query(
        `insert into event_registrations (event_id, name, email, guests, seat_status)
         values ($1, 'Late Lou', 'lou@seats.example', 1, 'confirmed')`,
        [event.id],
      );
      await registrar.query('commit');
      expect((await deleting).statusCode).toBe(200);
    } finally {
      registrar.release();
    }
    const left = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(left).toEqual([]);
    expect(await seatCounter(event.id)).toBeNull();
  });

  it('keeps the counter row equal to the rows when registrations, cancellations, size changes, acceptances and an account deletion run at once', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Crowd', capacity: 10 });
    // One after another: parties of 1, 2, 1, 2, ... take the 10 seats, the rest wait.
    const first = [];
    for (let i = 0; i < 14; i += 1) first.push(await signUp(event.id, 1 + (i % 2)));
    const leaver = await member();
    const leaving = await register(
      ctx,
      event.id,
      { name: 'Lee Leaving', email: leaver.user.email, numberOfGuests: 1 },
      { token: leaver.token, remoteAddress: '198.18.30.2' },
    );
    expect(leaving.json<RegistrationResult>().registration.seatStatus).toBe('waitlisted');
    const statuses = first.map((r) => r.result.registration.seatStatus);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(7);
    const tokens = await manageTokens(first, 'Crowd');
    // A party of 2 leaves: the first waiting party (of 2) is offered its seats.
    expect((await manage('DELETE', tokens[1]!)).statusCode).toBe(200);
    const offerToken = tokenIn(
      await smtp.mailTo(first[7]!.body.email, /^Seats are free for you: Crowd$/, 20_000),
    );

    const mixed = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => {
        const g = guest(1 + (i % 2));
        return register(ctx, event.id, g.body, { remoteAddress: g.ip });
      }),
      manage('POST', offerToken),
      manage('DELETE', tokens[0]!),
      manage('DELETE', tokens[8]!),
      manage('PUT', tokens[3]!, { name: 'Robin Hale', numberOfGuests: 1 }),
      manage('PUT', tokens[4]!, { name: 'Robin Hale', numberOfGuests: 3 }),
      manage('PUT', tokens[9]!, { name: 'Robin Hale', numberOfGuests: 1 }),
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${leaver.user.id}`,
        headers: { authorization: `Bearer ${people.admin.token}` },
      }),
    ]);
    expect(mixed.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
    expect(mixed[6]!.statusCode).toBe(200);
    const [counter] = await ctx.db
      .select({ taken: eventSeats.taken, parties: eventSeats.parties, waiting: eventSeats.waiting })
      .from(eventSeats)
      .where(and(eq(eventSeats.eventId, event.id), eq(eventSeats.occurrenceKey, '')));
    const counts = await partyCounts(event.id);
    expect(counter).toEqual({ taken: await seatsHeld(event.id), ...counts.rows });
    expect(counter!.taken).toBeLessThanOrEqual(10);
    expect(counts.rows!.waiting).toBeGreaterThan(0);
  });
});

describe('check-in at the door', () => {
  let event: Appointment;
  let other: Appointment;
  let code: string;
  let partyId: string;

  const door = (method: 'GET' | 'POST', path: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/calendars/appointments/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    event = await createdEvent(ctx, people.owner.token, { title: 'Door Night', capacity: 10 });
    other = await createdEvent(ctx, people.owner.token, { title: 'Other Night' });
    const g = await signUp(event.id, 3, 'Casey Door');
    partyId = g.result.registration.id;
    const token = tokenIn(await smtp.mailTo(g.body.email, /^You're registered: Door Night$/));
    code = (await manage('GET', token)).json<ManagedRegistration>().checkInCode!;
    await signUp(event.id, 2, 'Dana Later');
  });

  it('checks a party in by its code once, and says when at the second scan', async () => {
    const list = await door('GET', `${event.id}/check-in`, people.owner.token);
    expect(list.statusCode).toBe(200);
    // Door Night starts in nine days: nobody is a no-show before it starts.
    expect(list.json<CheckInList>().counts).toEqual({ registered: 5, checkedIn: 0, noShows: 0 });

    const first = await door('POST', `${event.id}/check-in`, people.owner.token, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CheckInResult>()).toMatchObject({
      alreadyCheckedIn: false,
      party: { id: partyId, name: 'Casey Door', checkedInAt: ctx.clock.now().toISOString() },
      counts: { registered: 5, checkedIn: 3, noShows: 0 },
    });
    const at = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);
    const again = await door('POST', `${event.id}/check-in`, people.moderator.token, { code });
    expect(again.json<CheckInResult>()).toMatchObject({
      alreadyCheckedIn: true,
      party: { checkedInAt: at },
      counts: { checkedIn: 3 },
    });
  });

  it('refuses a forged code (400) and a code of another event (409)', async () => {
    const [v, id] = code.split('.');
    const forged = await door('POST', `${event.id}/check-in`, people.owner.token, {
      code: `${v}.${id}.AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: 'invalid_token',
      message: 'This code is not a ticket of this portal. Check in by name.',
    });
    const junk = await door('POST', `${event.id}/check-in`, people.owner.token, {
      code: 'https://example.com/not-a-ticket',
    });
    expect(junk.statusCode).toBe(400);
    const elsewhere = await door('POST', `${other.id}/check-in`, people.owner.token, { code });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(
      'This ticket is for another event (or another date of this series). Check the event on the ticket.',
    );
  });

  it('checks in by name, adds walk-ins, and only for the organizer and staff', async () => {
    const list = (
      await door('GET', `${event.id}/check-in`, people.admin.token)
    ).json<CheckInList>();
    const dana = list.parties.find((p) => p.name === 'Dana Later')!;
    const byName = await door('POST', `${event.id}/check-in`, people.admin.token, {
      registrationId: dana.id,
    });
    expect(byName.json<CheckInResult>().counts).toEqual({
      registered: 5,
      checkedIn: 5,
      noShows: 0,
    });
    const walkIn = await door('POST', `${event.id}/walk-ins`, people.owner.token, {
      name: 'Walk In',
      numberOfGuests: 2,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json<CheckInResult>()).toMatchObject({
      party: { walkIn: true, email: '', checkedInAt: expect.any(String) },
      counts: { registered: 7, checkedIn: 7 },
    });
    for (const numberOfGuests of [0, 11, 2.5]) {
      const bad = await door('POST', `${event.id}/walk-ins`, people.owner.token, {
        name: 'Bad Party',
        numberOfGuests,
      });
      expect(bad.statusCode).toBe(400);
    }
    expect((await door('GET', `${event.id}/check-in`, people.other.token)).statusCode).toBe(403);
    expect(
      (await door('POST', `${event.id}/check-in`, people.other.token, { code })).statusCode,
    ).toBe(403);
    expect((await door('GET', `${event.id}/check-in`)).statusCode).toBe(401);
  });

  it('the Registrations list carries capacity, waiting list and check-in', async () => {
    const res = await door('GET', `${event.id}/registrations`, people.owner.token);
    expect(res.json<RegistrationList>()).toMatchObject({
      capacity: 10,
      seatsLeft: 3,
      waitlistCount: 0,
      checkedInCount: 7,
    });
  });

  it('exports the registrations as CSV', async () => {
    const res = await door('GET', `${event.id}/registrations.csv`, people.owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="door-night-20260319-registrations.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('name,email,phone,party,status,paid,checked in');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^Casey Door,guest\d+@seats\.example,,3,confirmed,free,2026-03-10 11:00$/,
    );
    expect(lines[3]).toMatch(/^Walk In,,,2,confirmed,free,2026-03-10 11:0\d$/);
    expect(
      (await door('GET', `${event.id}/registrations.csv`, people.other.token)).statusCode,
    ).toBe(403);
  });
});

describe('seats that free up go down the waiting list', () => {
  it('a cancellation offers the seats to the first party that fits, whose link takes them', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Gala', capacity: 3 });
    const seated = await signUp(event.id, 2);
    await signUp(event.id, 1);
    const four = await signUp(event.id, 4);
    const two = await signUp(event.id, 2, 'Sam Ortiz');
    expect(two.result.registration.waitlistPosition).toBe(2);

    const seatedToken = tokenIn(await smtp.mailTo(seated.body.email, /^You're registered: Gala$/));
    const cancelled = await manage('DELETE', seatedToken);
    expect(cancelled.statusCode).toBe(200);

    // Two seats are free: the party of four waits on, the party of two behind it is offered them.
    const offer = await smtp.mailTo(two.body.email, /^Seats are free for you: Gala$/);
    // Not an answer to anything the party did now (RFC 3834 auto-generated).
    expect(offer.headers.get('auto-submitted')).toBe('auto-generated');
    const text = offer.text!.replace(/\s+/g, ' ');
    expect(text).toContain('2 seats for Gala freed up');
    expect(text).toMatch(/if you take them by Wednesday, March 11, 2026 at 11:\d\d AM MDT\./);
    const token = tokenIn(offer);
    const before = await manage('GET', token);
    expect(before.json<ManagedRegistration>()).toMatchObject({
      registration: {
        seatStatus: 'offered',
        holdUntil: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString(),
      },
      canAccept: true,
      checkInCode: null,
    });
    expect(await seatsOf(event.id)).toMatchObject({ seatsLeft: 0, waitlistCount: 1 });

    const taken = await manage('POST', token);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<ManagedRegistration>()).toMatchObject({
      registration: { seatStatus: 'confirmed', holdUntil: null },
      canAccept: false,
      checkInCode: expect.stringMatching(/^r1\./),
    });
    const confirmation = await smtp.mailTo(two.body.email, /^You're registered: Gala$/);
    expect(confirmation.attachments.map((a) => a.filename)).toContain('check-in-qr.png');
    const [fourRow] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, four.body.email));
    expect(fourRow!.seatStatus).toBe('waitlisted');
  });

  it('a party that grows only takes the seats left; one that shrinks frees them', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Brunch', capacity: 5 });
    const mine = await signUp(event.id, 2);
    await signUp(event.id, 2);
    const waiting = await signUp(event.id, 2);
    const token = tokenIn(await smtp.mailTo(mine.body.email, /^You're registered: Brunch$/));
    const form = { name: 'Robin Hale', numberOfGuests: 4 };
    const grow = await manage('PUT', token, form);
    expect(grow.statusCode).toBe(409);
    expect(grow.json()).toEqual({
      error: 'conflict',
      message: 'Not enough seats left: your party can be at most 3.',
    });
    expect((await manage('PUT', token, { ...form, numberOfGuests: 3 })).statusCode).toBe(200);
    for (const numberOfGuests of [0, 11, 2.5]) {
      const bad = await manage('PUT', token, { ...form, numberOfGuests });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('numberOfGuests: Number of guests must be between 1 and 10');
    }
    const shrink = await manage('PUT', token, { ...form, numberOfGuests: 1 });
    expect(shrink.json<ManagedRegistration>()).toMatchObject({
      registration: { guests: 1, seatStatus: 'confirmed' },
      // 1 is taken by this party, 2 by the other, 2 are offered to the waiting party.
      seatsLeft: 1,
    });
    await smtp.mailTo(waiting.body.email, /^Seats are free for you: Brunch$/);
  });

  it('an offer not taken in time lapses in the offer job, and the next party is offered', async () => {
    await ctx.db.update(chambers).set({ seatOfferHours: 12 });
    const event = await createdEvent(ctx, people.owner.token, { title: 'Tasting', capacity: 2 });
    const seated = await signUp(event.id, 2);
    const slow = await signUp(event.id, 2, 'Slow Sloane');
    const next = await signUp(event.id, 1, 'Next Nguyen');
    await manage(
      'DELETE',
      tokenIn(await smtp.mailTo(seated.body.email, /^You're registered: Tasting$/)),
    );
    const slowToken = tokenIn(
      await smtp.mailTo(slow.body.email, /^Seats are free for you: Tasting$/),
    );
    expect(
      (await manage('GET', slowToken)).json<ManagedRegistration>().registration.holdUntil,
    ).toBe(new Date(ctx.clock.now().getTime() + 12 * HOUR).toISOString());

    ctx.clock.advance(12 * HOUR + 60_000);
    expect(await runSeatOffers(ctx)).toBe('completed');
    await smtp.mailTo(next.body.email, /^Seats are free for you: Tasting$/);

    const late = await manage('POST', slowToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'conflict',
      message: 'This offer has expired. The seats went to the next party on the waiting list.',
    });
    await ctx.db.update(chambers).set({ seatOfferHours: 24 });
  });

  it('an offer taken after its time, before the job ran, is refused and passed on', async () => {
    // The clock moved a day and more: sessions of the start have expired.
    people = await calendarPeople(ctx);
    const event = await createdEvent(ctx, people.owner.token, { title: 'Picnic', capacity: 1 });
    const seated = await signUp(event.id, 1);
    const late = await signUp(event.id, 1, 'Late Lee');
    const after = await signUp(event.id, 1, 'After Ali');
    // Their mails go out while they wait: a mail whose registration has moved on by its turn
    // (offered seats meanwhile) is not sent, the offer's own mail says what is true.
    await ctx.app.flushMail();
    await manage(
      'DELETE',
      tokenIn(await smtp.mailTo(seated.body.email, /^You're registered: Picnic$/)),
    );
    const token = tokenIn(await smtp.mailTo(late.body.email, /^Seats are free for you: Picnic$/));
    ctx.clock.advance(24 * HOUR + 1000);
    const res = await manage('POST', token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This offer has expired. The seats went to the next party on the waiting list.',
    );
    await smtp.mailTo(after.body.email, /^Seats are free for you: Picnic$/);
    // Nothing was offered to a registration that was only waiting.
    const waitingToken = tokenIn(
      await smtp.mailTo(after.body.email, /^You're on the waiting list: Picnic$/),
    );
    expect(waitingToken).toBeDefined();
  });
});
