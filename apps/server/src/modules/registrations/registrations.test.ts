import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment, RegistrationList, RegistrationResult } from '@chamber/contract';
import { eventRegistrations, events, mailOutbox } from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  calendarPeople,
  createCalendar,
  createdEvent,
  createSeries,
  deleteAppointment,
  getAppointment,
  register,
  updateAppointment,
  startCalendarApp,
  type CalendarPeople,
  expectAnswerBeforeMail,
} from '../../test/calendar.js';
import { recipients, type SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
let luncheon: Appointment;

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  email: 'dana@whitfieldflorist.example',
  phone: '(801) 555-0199',
  numberOfGuests: '1',
  notes: 'Vegetarian meal, please',
  ...overrides,
});

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
  luncheon = await createdEvent(ctx, people.owner.token, { title: 'Spring Luncheon' });
});
afterAll(() => close());

describe('registering for an event', () => {
  it('stores it, counts it and mails a confirmation with the .ics attached', async () => {
    const before = smtp.received.length;
    const res = await register(ctx, luncheon.id, guest({ numberOfGuests: '3' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<RegistrationResult>();
    expect(body).toMatchObject({
      updated: false,
      attendeeCount: 3,
      registrationCount: 1,
      message: "We've sent a confirmation to your email.",
      registration: {
        eventId: luncheon.id,
        name: 'Dana Whitfield',
        email: 'dana@whitfieldflorist.example',
        guests: 3,
        notes: 'Vegetarian meal, please',
      },
    });

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: 'dana@whitfieldflorist.example' });
    expect(mail!.subject).toBe("You're registered: Spring Luncheon");
    expect(mail!.text).toContain('Hi Dana,');
    expect(mail!.text).toContain('your 2 guests');
    expect(mail!.text).toContain('Thursday, March 19, 2026, 12:00 PM to 1:15 PM MDT');
    expect(mail!.text).toContain(`https://portal.example/events/${luncheon.id}`);
    expect(mail!.html).toContain('Spring Luncheon');
    const [ics] = mail!.attachments;
    expect(ics!.filename).toBe('Spring Luncheon.ics');
    expect(ics!.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Spring Luncheon');
    expect(event.location).toBe(luncheon.location);
    expect(event.startDate.toString()).toBe('2026-03-19T12:00:00');
    const dtstart = event.component.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('America/Denver');
    expect(calendar.getFirstSubcomponent('vtimezone')).not.toBeNull();
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const public_ = (await getAppointment(ctx, luncheon.id)).json<Appointment>();
    expect(public_).toMatchObject({ attendeeCount: 3, registrationCount: 1, attendees: [] });
    expect(JSON.stringify(public_)).not.toContain('whitfieldflorist');
  });

  it('attaches the check-in QR as a small grey PNG, 320 pixels wide', async () => {
    const breakfast = await createdEvent(ctx, people.owner.token, { title: 'QR Breakfast' });
    const before = smtp.received.length;
    const res = await register(ctx, breakfast.id, guest());
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const qr = mail!.attachments.find((a) => a.filename === 'check-in-qr.png')!;
    expect(qr.contentType).toBe('image/png');
    const png = qr.content;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height at bytes 16 and 20, bit depth at 24, colour type at 25.
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(320);
    expect([png[24], png[25]]).toEqual([8, 0]);
    expect(png.length).toBeLessThan(2000);
  });

  it('keeps one registration per address: a repeat without proof changes nothing and mails the manage link', async () => {
    const before = smtp.received.length;
    const res = await register(
      ctx,
      luncheon.id,
      guest({ email: 'DANA@WhitfieldFlorist.example', numberOfGuests: 2, notes: '' }),
    );
    expect(res.statusCode).toBe(201);
    // The answer is a new party's: its seats counted, though nothing was stored.
    expect(res.json<RegistrationResult>()).toMatchObject({
      updated: false,
      attendeeCount: 5,
      registrationCount: 2,
      registration: { guests: 2, notes: null },
    });
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, luncheon.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ guests: 3, notes: 'Vegetarian meal, please' });
    expect(res.json<RegistrationResult>().registration.id).not.toBe(rows[0]!.id);
    const mails = await smtp.waitFor(before + 1);
    expect(mails.at(-1)!.subject).toBe("You're already registered: Spring Luncheon");
    expect(mails.at(-1)!.text).toContain('/registrations/manage#token=');
  });

  it('answers a repeat of an address already registered field for field as a new registration', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Lookalike Breakfast',
      capacity: 20,
    });
    const taken = await register(ctx, event.id, guest({ email: 'kept@lookalike.example' }));
    expect(taken.statusCode, taken.body).toBe(201);
    const party = { name: 'Sam Ortiz', numberOfGuests: '2', phone: '', notes: 'Window seat' };
    // Nothing changes for the repeat, so a new party sent right after meets the same counts.
    const repeat = await register(
      ctx,
      event.id,
      { ...party, email: 'kept@lookalike.example' },
      { remoteAddress: '198.18.9.1' },
    );
    const fresh = await register(
      ctx,
      event.id,
      { ...party, email: 'new@lookalike.example' },
      { remoteAddress: '198.18.9.2' },
    );
    expect([repeat.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['content-type']).toBe(fresh.headers['content-type']);
    const a = repeat.json<RegistrationResult>();
    const b = fresh.json<RegistrationResult>();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.registration.id).toMatch(uuid);
    expect(a.registration.id).not.toBe(taken.json<RegistrationResult>().registration.id);
    const sameBut = (r: RegistrationResult) => ({
      ...r,
      registration: { ...r.registration, id: 'random', email: 'sent' },
    });
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(Object.keys(a.registration)).toEqual(Object.keys(b.registration));
    expect(sameBut(a)).toEqual(sameBut(b));
    expect(a).toMatchObject({ attendeeCount: 3, registrationCount: 2, seatsLeft: 17 });
  });

  it.each([
    ['no guests', { numberOfGuests: 0 }],
    ['eleven guests', { numberOfGuests: '11' }],
    ['a fraction', { numberOfGuests: 1.5 }],
    ['a word', { numberOfGuests: 'two' }],
    ['no name', { name: '  ' }],
    ['no email', { email: '' }],
    ['a bad email', { email: 'dana@' }],
  ])('refuses %s with 400', async (_what, change) => {
    const res = await register(ctx, luncheon.id, guest({ email: 'bounds@example.org', ...change }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('accepts one to ten guests, one by default', async () => {
    const ten = await register(
      ctx,
      luncheon.id,
      guest({ email: 'ten@example.org', numberOfGuests: '10' }),
    );
    expect(ten.json<RegistrationResult>().registration.guests).toBe(10);
    const none = await register(ctx, luncheon.id, { name: 'Solo Sam', email: 'solo@example.org' });
    expect(none.json<RegistrationResult>().registration).toMatchObject({ guests: 1, phone: null });
  });

  it('links the registration to the signed-in user', async () => {
    await register(ctx, luncheon.id, guest({ email: people.other.user.email }), {
      token: people.other.token,
    });
    const [row] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, people.other.user.email));
    expect(row!.userId).toBe(people.other.user.id);
  });

  it('is closed for events that started or were cancelled, and for a whole series', async () => {
    const past = await createdEvent(ctx, people.owner.token, {
      startTime: '2026-03-10T16:00:00.000Z',
      endTime: '2026-03-10T18:00:00.000Z',
    });
    const started = await register(ctx, past.id, guest());
    expect(started.statusCode).toBe(400);
    expect(started.json().message).toBe('Registration is closed: this event has already started.');
    const cancelled = await createdEvent(ctx, people.owner.token, {
      appointmentStatus: 'cancelled',
    });
    expect((await register(ctx, cancelled.id, guest())).json().message).toBe(
      'Registration is closed: this event was cancelled.',
    );
    const series = await createSeries(ctx, people.owner.token, {
      startTime: '2026-03-17T13:30:00.000Z',
      endTime: '2026-03-17T14:30:00.000Z',
    });
    expect((await register(ctx, series.masterEventId!, guest())).statusCode).toBe(400);
    expect((await register(ctx, 'no-such-event', guest())).statusCode).toBe(404);
  });

  it('closes at the exact start time, and is open a second before', async () => {
    const now = ctx.clock.now().getTime();
    const startsNow = await createdEvent(ctx, people.owner.token, {
      title: 'On the Dot',
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
    });
    const atStart = await register(ctx, startsNow.id, guest({ email: 'on-the-dot@example.org' }));
    expect(atStart.statusCode).toBe(400);
    expect(atStart.json().message).toBe('Registration is closed: this event has already started.');
    ctx.clock.advance(-1000);
    try {
      const justBefore = await register(
        ctx,
        startsNow.id,
        guest({ email: 'just-in-time@example.org' }),
      );
      expect(justBefore.statusCode).toBe(201);
    } finally {
      ctx.clock.advance(1000);
    }
  });

  it('throttles one address to 5 an hour and one client to 20', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await register(ctx, luncheon.id, guest({ email: 'eager@example.org' }), {
        remoteAddress: '203.0.113.5',
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    const blocked = await register(ctx, luncheon.id, guest({ email: 'eager@example.org' }), {
      remoteAddress: '203.0.113.6',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 15; i++) {
      await register(ctx, luncheon.id, guest({ email: `family${i}@example.org` }), {
        remoteAddress: '203.0.113.5',
      });
    }
    const client = await register(ctx, luncheon.id, guest({ email: 'one-more@example.org' }), {
      remoteAddress: '203.0.113.5',
    });
    expect(client.statusCode).toBe(429);
    ctx.clock.advance(3_600_000);
    const later = await register(ctx, luncheon.id, guest({ email: 'eager@example.org' }));
    expect(later.statusCode).toBe(201);
    ctx.clock.advance(-3_600_000);
  });
});

describe('registrations of an occurrence of a series', () => {
  it('count for that occurrence only and follow an "update only this event" change', async () => {
    const series = await createSeries(ctx, people.owner.token, {
      title: 'Weekly Breakfast',
      startTime: '2026-03-17T13:30:00.000Z',
      endTime: '2026-03-17T14:30:00.000Z',
    });
    const second = `${series.masterEventId}_20260324T133000Z`;
    const res = await register(
      ctx,
      second,
      guest({ email: 'breakfast@example.org', numberOfGuests: 4 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<RegistrationResult>().registration.eventId).toBe(second);
    await updateAppointment(
      ctx,
      second,
      { location: 'Copperleaf Coffee House' },
      people.owner.token,
    );
    expect((await getAppointment(ctx, second)).json<Appointment>().attendeeCount).toBe(4);
    expect((await getAppointment(ctx, series.id)).json<Appointment>().attendeeCount).toBe(0);
    // The new place is news to the registrant: its notice goes out after the answer, and is
    // waited for here so that it does not arrive in the middle of a later test.
    await ctx.app.flushMail();
  });
});

describe('who sees the registrations', () => {
  const list = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${luncheon.id}/registrations`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it.each([
    ['anonymous visitor', 401, undefined],
    ['another member', 403, 'other'],
    ['organizer', 200, 'owner'],
    ['moderator', 200, 'moderator'],
    ['admin', 200, 'admin'],
  ] as const)('%s → %i', async (_who, status, as) => {
    const res = await list(as && people[as].token);
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      const body = res.json<RegistrationList>();
      expect(body.registrations.map((r) => r.email)).toContain('dana@whitfieldflorist.example');
      expect(body.attendeeCount).toBe(body.registrations.reduce((n, r) => n + r.guests, 0));
      const detail = (
        await getAppointment(ctx, luncheon.id, people[as!].token)
      ).json<Appointment>();
      expect(detail.attendees).toHaveLength(body.registrationCount);
    }
  });
});

describe('notification emails ("toNotify")', () => {
  it('tells the organizer a new event is on the calendar', async () => {
    const before = smtp.received.length;
    await createdEvent(ctx, people.owner.token, { title: 'Ribbon Cutting', toNotify: true });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: people.owner.user.email });
    expect(mail!.subject).toBe('On the calendar: Ribbon Cutting');
    expect(mail!.attachments[0]!.filename).toBe('Ribbon Cutting.ics');
  });

  it('tells the registrants of an event what changed', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Business After Hours' });
    await register(ctx, event.id, guest({ email: 'first@example.org' }));
    await register(ctx, event.id, guest({ email: 'second@example.org' }));
    // The confirmations go out after the answers: all of them have been sent from here on.
    await ctx.app.flushMail();
    const before = smtp.received.length;
    const res = await updateAppointment(
      ctx,
      event.id,
      { location: 'Mountain View Family Dental', toNotify: true },
      people.owner.token,
    );
    expect(res.statusCode).toBe(200);
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      'Event updated: Business After Hours',
      'Event updated: Business After Hours',
    ]);
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      'first@example.org',
      'second@example.org',
    ]);
    expect(mails[0]!.text).toContain('Where: Mountain View Family Dental');
  });
});

describe('when an event is deleted', () => {
  const mailsAfter = async (before: number, count: number) =>
    (await smtp.waitFor(before + count)).slice(before);

  it('tells each registrant of a single event still to come that it is cancelled', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Ribbon Cutting' });
    await register(ctx, event.id, guest({ email: 'one@example.org', name: 'Robin Hale' }));
    await register(ctx, event.id, guest({ email: 'two@example.org' }));
    // The confirmations go out after the answers: all of them have been sent from here on.
    await ctx.app.flushMail();
    const before = smtp.received.length;

    expect((await deleteAppointment(ctx, event.id, people.owner.token)).statusCode).toBe(200);
    const mails = await mailsAfter(before, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Cancelled: Ribbon Cutting',
      'Cancelled: Ribbon Cutting',
    ]);
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      'one@example.org',
      'two@example.org',
    ]);
    const toRobin = mails.find((m) => (m.to as { text: string }).text === 'one@example.org')!;
    expect(toRobin.text).toContain('Hi Robin,');
    expect(toRobin.text).toContain('When: Thursday, March 19, 2026');
    expect(toRobin.text).toContain('Where: Riverton City Hall');
    // The entry the confirmation's .ics made, cancelled, as a change notice's cancellation.
    const [ics] = toRobin.attachments;
    expect(ics!.contentType).toBe('text/calendar');
    expect(ics!.headers.get('content-type')).toMatchObject({ params: { method: 'CANCEL' } });
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}@portal.example`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(Number(vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);
    expect(String(vevent.getFirstPropertyValue('attendee'))).toBe('mailto:one@example.org');
  });

  it('tells only the registrants of the occurrences deleted', async () => {
    const series = await createSeries(ctx, people.owner.token, {
      title: 'Tuesday Coffee',
      startTime: '2026-03-17T13:30:00.000Z',
      endTime: '2026-03-17T14:30:00.000Z',
    });
    const id = series.masterEventId!;
    for (const [week, email] of [
      ['20260324T133000Z', 'week2@example.org'],
      ['20260407T133000Z', 'week4@example.org'],
      ['20260414T133000Z', 'week5@example.org'],
    ]) {
      expect((await register(ctx, `${id}_${week}`, guest({ email }))).statusCode).toBe(201);
    }
    // The confirmations go out after the answers: all of them have been sent from here on.
    await ctx.app.flushMail();
    const before = smtp.received.length;

    // One occurrence: only its registrant.
    const one = await deleteAppointment(ctx, `${id}_20260324T133000Z`, people.owner.token);
    expect(one.statusCode).toBe(200);
    const first = await mailsAfter(before, 1);
    expect(first.map((m) => (m.to as { text: string }).text)).toEqual(['week2@example.org']);
    expect(first[0]!.text).toContain('When: Tuesday, March 24, 2026');
    const occurrence = new ICAL.Component(
      ICAL.parse(first[0]!.attachments[0]!.content.toString('utf8')),
    );
    expect(occurrence.getFirstPropertyValue('method')).toBe('CANCEL');
    const cancelledDate = occurrence.getFirstSubcomponent('vevent')!;
    expect(cancelledDate.getFirstPropertyValue('uid')).toBe(`${id}@portal.example`);
    expect(String(cancelledDate.getFirstPropertyValue('recurrence-id'))).toBe(
      '2026-03-24T07:30:00',
    );

    // From April 7 on: the two later registrants, each told of their own week.
    const following = await deleteAppointment(
      ctx,
      `${id}_20260407T133000Z`,
      people.owner.token,
      'this_and_following_events',
    );
    expect(following.statusCode).toBe(200);
    const rest = await mailsAfter(before + 1, 2);
    const byAddress = new Map(rest.map((m) => [(m.to as { text: string }).text, m.text ?? '']));
    expect([...byAddress.keys()].sort()).toEqual(['week4@example.org', 'week5@example.org']);
    expect(byAddress.get('week4@example.org')).toContain('When: Tuesday, April 7, 2026');
    expect(byAddress.get('week5@example.org')).toContain('When: Tuesday, April 14, 2026');
    expect(smtp.received.length).toBe(before + 3);
  });

  it('sends nothing for an event that has already taken place', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Past Mixer',
      startTime: '2026-03-05T01:00:00.000Z',
      endTime: '2026-03-05T03:00:00.000Z',
    });
    // Registration closes when an event starts: this one was made while it was open.
    await ctx.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, name: 'Sam Past', email: 'past@example.org' });
    // The confirmations go out after the answers: all of them have been sent from here on.
    await ctx.app.flushMail();
    const before = smtp.received.length;
    expect((await deleteAppointment(ctx, event.id, people.owner.token)).statusCode).toBe(200);
    expect(smtp.received.length).toBe(before);
  });
});

describe('when the confirmation cannot be sent', () => {
  it('keeps the registration, answers without waiting for the mail, and keeps the mail for another attempt', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await createCalendar(broken.db);
      const owner = (await calendarPeople(broken)).owner;
      const event = await createdEvent(broken, owner.token);
      const res = await register(broken, event.id, guest());
      expect(res.statusCode).toBe(201);
      const [stored] = await broken.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, event.id));
      expect(stored).toMatchObject({
        email: 'dana@whitfieldflorist.example',
        seatStatus: 'confirmed',
      });
      await broken.app.flushMail();
      // Refused (nobody listens there): it waits in the outbox with the reason, for a later try.
      const [mail] = await broken.db.select().from(mailOutbox);
      expect(mail).toMatchObject({
        kind: 'registration',
        state: 'pending',
        attempts: 1,
        params: { registrationId: stored!.id, seatStatus: 'confirmed', outcome: 'created' },
      });
      expect(mail!.lastError).toMatch(/ECONNREFUSED/);
      expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(broken.clock.now().getTime());
    } finally {
      await broken.close();
    }
  });
});

describe('a slow mail server', () => {
  it('does not hold the answer: the confirmation follows it, once', async () => {
    const slow = await startCalendarApp({ held: true });
    try {
      const event = await createdEvent(slow.ctx, slow.people.owner.token, {
        title: 'Harvest Dinner',
      });
      await expectAnswerBeforeMail(
        slow,
        register(slow.ctx, event.id, guest()),
        "You're registered: Harvest Dinner",
      );
    } finally {
      await slow.close();
    }
  });
});

/**
 * A portal whose mail server holds every message until `release`, with two confirmations for
 * a dinner taking the two turns of the mail queue (Ana's and Ben's): whatever is mailed next
 * waits its turn. Runs `check`, then closes the portal.
 */
async function withMailTurnsTaken(
  check: (held: {
    slow: TestContext;
    smtp: SmtpServer;
    owner: { token: string };
    release: () => void;
  }) => Promise<void>,
) {
  const {
    ctx: slow,
    smtp,
    people: slowPeople,
    close,
    release,
  } = await startCalendarApp({
    held: true,
  });
  try {
    const owner = slowPeople.owner;
    const dinner = await createdEvent(slow, owner.token, { title: 'Harvest Dinner' });
    for (const email of ['ana@example.com', 'ben@example.com']) {
      expect((await register(slow, dinner.id, guest({ email }))).statusCode).toBe(201);
    }
    await check({ slow, smtp, owner, release });
  } finally {
    await close();
  }
}

const dinnerConfirmations = [
  ['ana@example.com', "You're registered: Harvest Dinner"],
  ['ben@example.com', "You're registered: Harvest Dinner"],
];

describe('an event deleted while its confirmations wait their turn', () => {
  it('mails nobody for it, logs no failure, and still mails the others', async () => {
    await withMailTurnsTaken(async ({ slow, smtp: held, owner, release }) => {
      const logged = vi.spyOn(slow.app.log, 'error');
      const mixer = await createdEvent(slow, owner.token, { title: 'Spring Mixer' });
      const waiting = await register(slow, mixer.id, guest({ email: 'cy@example.com' }));
      expect(waiting.statusCode).toBe(201);
      // Deleting it queues its registrants' cancellation in the outbox, with the deletion: the
      // rows are gone before the mail server takes mail again.
      const deleting = deleteAppointment(slow, mixer.id, owner.token);
      await expect
        .poll(
          async () => (await slow.db.select().from(events).where(eq(events.id, mixer.id))).length,
        )
        .toBe(0);
      release();
      expect((await deleting).statusCode).toBe(200);
      await slow.app.flushMail();
      // In any order: the outbox's two turns may send the two confirmations either way round.
      const mailed = held.received.map((m) => [recipients(m).join(), m.subject]).sort();
      expect(mailed.filter(([to]) => to !== 'cy@example.com')).toEqual(dinnerConfirmations);
      // Cy hears that the mixer is cancelled, and gets no confirmation for it.
      expect(mailed.filter(([to]) => to === 'cy@example.com')).toEqual([
        ['cy@example.com', 'Cancelled: Spring Mixer'],
      ]);
      expect(logged).not.toHaveBeenCalled();
    });
  });
});

describe('a registration whose seats moved on while its mail waited its turn', () => {
  it('is not mailed the outcome it no longer has; the others are', async () => {
    await withMailTurnsTaken(async ({ slow, smtp: held, owner, release }) => {
      const picnic = await createdEvent(slow, owner.token, { title: 'Picnic', capacity: 1 });
      for (const email of ['cy@example.com', 'dee@example.com', 'eve@example.com']) {
        expect((await register(slow, picnic.id, guest({ email }))).statusCode).toBe(201);
      }
      // Meanwhile Cy's registration is cancelled and Dee is offered the seats (as the manage
      // page and the offer job would do, with their own mails).
      await slow.db
        .delete(eventRegistrations)
        .where(eq(eventRegistrations.email, 'cy@example.com'));
      await slow.db
        .update(eventRegistrations)
        .set({ seatStatus: 'offered', holdUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(eventRegistrations.email, 'dee@example.com'));
      release();
      await slow.app.flushMail();
      // In any order: a turn freed by one dinner confirmation may take Eve's mail before the
      // other dinner confirmation is through.
      const mailed = held.received.map((m) => [recipients(m).join(), m.subject]).sort();
      expect(mailed).toEqual([
        ...dinnerConfirmations,
        ['eve@example.com', "You're on the waiting list: Picnic"],
      ]);
    });
  });
});
