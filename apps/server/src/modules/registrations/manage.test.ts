import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, ManagedRegistration, RegistrationResult } from '@chamber/contract';
import { eventRegistrations, users } from '@chamber/db';
import { sha256Hex } from '../../lib/crypto.js';
import { createTestUser, signIn, type TestContext } from '../../test/app.js';
import {
  createdEvent,
  createSeries,
  register,
  startCalendarApp,
  type CalendarPeople,
} from '../../test/calendar.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
let event: Appointment;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
  event = await createdEvent(ctx, people.owner.token, { title: 'Harvest Mixer' });
});
afterAll(() => close());

let n = 0;
/** A fresh address and client address, so the throttles of one test never touch another. */
function visitor(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    ip: `198.18.10.${n}`,
    body: {
      name: 'Robin Hale',
      email: `robin${n}@halebakery.example`,
      phone: '(801) 555-0123',
      numberOfGuests: '2',
      notes: 'Gluten-free, please',
      ...overrides,
    },
  };
}

/** The newest mail to `email` after the first `before` mails, waiting for it to arrive. */
const nextMailTo = (email: string, before: number) =>
  smtp.waitUntil(() => smtp.sentTo(email, before).at(-1), `mail to ${email}`);

/** The manage link in a mail, read from its text as a person would click it. */
function manageLink(mail: ParsedMail): { url: string; token: string } {
  const url = mail.text?.match(/^Change or cancel your registration: (\S+)$/m)?.[1];
  if (!url) throw new Error(`no manage link in: ${mail.text}`);
  const token = new URL(url).hash.match(/^#token=([\w-]+)$/)?.[1];
  if (!token) throw new Error(`no token in ${url}`);
  return { url, token };
}

/** Registers and returns the answer, with the mail it caused and that mail's manage link. */
async function registerAndRead(
  body: Record<string, unknown>,
  opts: { token?: string; remoteAddress?: string } = {},
) {
  const before = smtp.received.length;
  const res = await register(ctx, event.id, body, opts);
  expect([200, 201]).toContain(res.statusCode);
  const mail = await nextMailTo(String(body.email), before);
  return { res, mail, link: manageLink(mail) };
}

const manage = (
  method: 'GET' | 'PUT' | 'DELETE',
  token: string | undefined,
  payload?: object,
  remoteAddress?: string,
) =>
  ctx.app.inject({
    method,
    url: '/api/registrations/manage',
    headers: token === undefined ? {} : { 'x-registration-token': token },
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const stored = async (email: string) => {
  const rows = await ctx.db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.email, email));
  return rows;
};

/** The answer's shape: its keys, all the way down, and each value's type. */
function shape(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shape(v)]),
  );
}

describe('a repeated email from someone who has not proved the mailbox', () => {
  it('changes nothing and gets the answer a new registration gets', async () => {
    const first = visitor();
    const original = await registerAndRead(first.body, { remoteAddress: first.ip });
    expect(original.res.statusCode).toBe(201);
    expect(original.mail.subject).toBe("You're registered: Harvest Mixer");
    const before = await stored(first.body.email);

    // A stranger, elsewhere, with the same address: no phone, ten guests.
    const attack = {
      name: 'Not Robin',
      email: first.body.email,
      numberOfGuests: 10,
      notes: 'overwritten',
    };
    const sentBefore = smtp.received.length;
    const repeat = await register(ctx, event.id, attack, { remoteAddress: '192.0.2.77' });
    // And a brand-new address from the same stranger, for comparison.
    const fresh = await register(
      ctx,
      event.id,
      { ...attack, email: `brand-new-${n}@example.org` },
      { remoteAddress: '192.0.2.77' },
    );

    expect(repeat.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(fresh.statusCode);
    expect(shape(repeat.json())).toEqual(shape(fresh.json()));
    const answer = repeat.json<RegistrationResult>();
    expect(answer).toMatchObject({
      updated: false,
      message: fresh.json<RegistrationResult>().message,
      registration: {
        name: 'Not Robin',
        email: first.body.email,
        phone: null,
        guests: 10,
        notes: 'overwritten',
      },
    });
    // Nothing of the registrant's leaks into the stranger's answer.
    expect(repeat.body).not.toContain('Gluten-free');
    expect(repeat.body).not.toContain('555-0123');

    const after = await stored(first.body.email);
    expect(after).toHaveLength(1);
    const { manageTokenHash: _beforeToken, ...keptBefore } = before[0]!;
    const { manageTokenHash: _afterToken, ...keptAfter } = after[0]!;
    expect(keptAfter).toEqual(keptBefore);

    // The mailbox is told, with a link that can change it, not a new confirmation.
    const notice = await nextMailTo(first.body.email, sentBefore);
    expect(notice.subject).toBe("You're already registered: Harvest Mixer");
    expect(notice.text).toContain('nothing was changed');
    expect(notice.text).toContain('Party size: 2');
    expect(notice.text).toContain(`https://portal.example/events/${event.id}`);
    const link = manageLink(notice);
    expect(link.url).toMatch(/^https:\/\/portal\.example\/registrations\/manage#token=/);
    expect(
      (await manage('GET', link.token)).json<ManagedRegistration>().registration,
    ).toMatchObject({ guests: 2, phone: '(801) 555-0123' });
    // The link of the first mail keeps working beside the new one.
    expect((await manage('GET', original.link.token)).statusCode).toBe(200);
  });

  it('answers a double click (the same key and body) as the first, with one mail', async () => {
    const party = visitor();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/calendars/appointments/${event.id}/registrations`,
        headers: { 'idempotency-key': 'double-click-1' },
        remoteAddress: party.ip,
        payload: party.body,
      });
    const before = smtp.received.length;
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    const mail = await nextMailTo(party.body.email, before);
    expect((await manage('GET', manageLink(mail).token)).statusCode).toBe(200);
    expect(smtp.sentTo(party.body.email, before)).toHaveLength(1);
  });

  it('keeps every earlier link working until the registrant asks for a new one', async () => {
    const first = visitor();
    const original = await registerAndRead(first.body, { remoteAddress: first.ip });
    const again = await registerAndRead(first.body, { remoteAddress: '198.18.11.1' });
    const third = await registerAndRead(first.body, { remoteAddress: '198.18.11.2' });
    for (const link of [original.link, again.link, third.link]) {
      expect((await manage('GET', link.token)).statusCode).toBe(200);
    }

    const before = smtp.received.length;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/registrations/manage/new-link',
      headers: { 'x-registration-token': again.link.token },
      remoteAddress: '198.18.11.3',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ message: string }>().message).toBe(
      `We've emailed a new link to ${first.body.email}. Links in earlier emails no longer work.`,
    );
    const mail = await nextMailTo(first.body.email, before);
    expect(mail.subject).toBe('Your new registration link: Harvest Mixer');
    const fresh = manageLink(mail);
    expect((await manage('GET', fresh.token)).statusCode).toBe(200);
    for (const link of [original.link, again.link, third.link]) {
      expect((await manage('GET', link.token)).statusCode).toBe(404);
    }
  });

  it('cannot change it while signed in to someone else’s account either', async () => {
    const first = visitor();
    await registerAndRead(first.body, { remoteAddress: first.ip });
    const res = await register(
      ctx,
      event.id,
      { ...first.body, numberOfGuests: 9 },
      { token: people.other.token, remoteAddress: first.ip },
    );
    expect(res.statusCode).toBe(201);
    expect((await stored(first.body.email))[0]).toMatchObject({ guests: 2, userId: null });
  });

  it('cannot change it with a pending account of that address, whose address nobody checked', async () => {
    const first = visitor();
    await registerAndRead(first.body, { remoteAddress: first.ip });
    const squatter = await createTestUser(ctx.db, { email: first.body.email, status: 'pending' });
    const token = await signIn(ctx, squatter.email);
    const res = await register(
      ctx,
      event.id,
      { ...first.body, numberOfGuests: 9 },
      { token, remoteAddress: first.ip },
    );
    expect(res.statusCode).toBe(201);
    expect((await stored(first.body.email))[0]!.guests).toBe(2);
  });
});

describe('the signed-in owner', () => {
  it('who made the registration changes it by registering again', async () => {
    const member = people.owner;
    const body = visitor({ email: member.user.email }).body;
    const made = await registerAndRead(body, { token: member.token });
    expect(made.res.statusCode).toBe(201);
    const again = await registerAndRead(
      { ...body, numberOfGuests: 5, phone: '', notes: 'Two more' },
      { token: member.token },
    );
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json<RegistrationResult>()).toMatchObject({
      updated: true,
      registration: { guests: 5, phone: null, notes: 'Two more' },
    });
    expect((await stored(member.user.email))[0]).toMatchObject({
      guests: 5,
      userId: member.user.id,
    });
    expect(again.mail.subject).toBe('Registration updated: Harvest Mixer');
    expect((await manage('GET', again.link.token)).statusCode).toBe(200);
  });

  it('whose active account has the address changes one made without signing in', async () => {
    const first = visitor();
    await registerAndRead(first.body, { remoteAddress: first.ip });
    const account = await createTestUser(ctx.db, { email: first.body.email });
    const token = await signIn(ctx, account.email);
    const res = await register(
      ctx,
      event.id,
      { ...first.body, numberOfGuests: 3 },
      { token, remoteAddress: first.ip },
    );
    expect(res.statusCode).toBe(200);
    expect((await stored(first.body.email))[0]).toMatchObject({ guests: 3, userId: account.id });
    await ctx.db.delete(users).where(eq(users.id, account.id));
  });
});

describe('the manage link', () => {
  it('is stored only as a hash, and opens the registration with its event', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const [row] = await stored(body.email);
    expect(row!.manageTokenHash).toBe(sha256Hex(link.token));
    expect(row!.manageTokenHash).not.toContain(link.token);

    const res = await manage('GET', link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<ManagedRegistration>()).toEqual({
      registration: {
        id: row!.id,
        eventId: event.id,
        name: 'Robin Hale',
        email: body.email,
        phone: '(801) 555-0123',
        guests: 2,
        notes: 'Gluten-free, please',
        seatStatus: 'confirmed',
        waitlistPosition: null,
        holdUntil: null,
        checkedInAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      event: {
        id: event.id,
        title: 'Harvest Mixer',
        startTime: event.startTime,
        endTime: event.endTime,
        isAllDay: false,
        timezone: 'America/Denver',
        location: event.location,
        cancelled: false,
      },
      canChange: true,
      closedReason: null,
      seatsLeft: null,
      canAccept: false,
      checkInCode: expect.stringMatching(/^r1\.[\w-]+\.[\w-]{22}$/),
      order: null,
      ticket: null,
    });
  });

  it('changes the party size, name, phone and notes, and mails a confirmation', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const before = smtp.received.length;
    const res = await manage(
      'PUT',
      link.token,
      { name: 'Robin H. Hale', phone: '', numberOfGuests: '6', notes: 'Bringing the team' },
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ManagedRegistration>().registration).toMatchObject({
      name: 'Robin H. Hale',
      phone: null,
      guests: 6,
      notes: 'Bringing the team',
      email: body.email,
    });
    expect((await stored(body.email))[0]).toMatchObject({ guests: 6, name: 'Robin H. Hale' });
    const mail = await nextMailTo(body.email, before);
    expect(mail.subject).toBe('Registration updated: Harvest Mixer');
    expect(mail.text).toContain('Party size: 6');
    // The page's link keeps working after a change made through it.
    expect((await manage('GET', link.token)).statusCode).toBe(200);
    const event_ = await ctx.app.inject({ url: `/api/calendars/appointments/${event.id}` });
    expect(event_.json<Appointment>().attendeeCount).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['no guests', { numberOfGuests: 0 }],
    ['eleven guests', { numberOfGuests: 11 }],
    ['no name', { name: ' ' }],
  ])('refuses %s with 400', async (_what, change) => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const res = await manage('PUT', link.token, { name: 'Robin', numberOfGuests: 2, ...change });
    expect(res.statusCode).toBe(400);
    expect((await stored(body.email))[0]!.guests).toBe(2);
  });

  it('cancels the registration; the link then opens nothing', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const before = smtp.received.length;
    const res = await manage('DELETE', link.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cancelled: true, message: 'Your registration is cancelled.' });
    expect(await stored(body.email)).toHaveLength(0);
    const mail = await nextMailTo(body.email, before);
    expect(mail.subject).toBe('Registration cancelled: Harvest Mixer');
    expect((await manage('GET', link.token)).statusCode).toBe(404);
    expect((await manage('DELETE', link.token)).statusCode).toBe(404);
    // The address may register anew.
    expect((await register(ctx, event.id, body, { remoteAddress: ip })).statusCode).toBe(201);
  });

  it('cancels with a link whose registration gets a fresh link at that very moment', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    // A mail being composed gives the registration a fresh link (the earlier ones keep
    // working): here that change holds the row while the cancellation arrives.
    const other = await ctx.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `update event_registrations set manage_token_hash = $1 where lower(email) = lower($2)`,
        [sha256Hex('a fresh link'), body.email],
      );
      const cancelling = manage('DELETE', link.token);
      // The cancellation waits for the row; then the change commits.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');
      const res = await cancelling;
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(body.email)).toHaveLength(0);
    } finally {
      other.release();
    }
  });

  it('works for an occurrence of a series', async () => {
    const series = await createSeries(ctx, people.owner.token, {
      title: 'Tuesday Coffee',
      startTime: '2026-03-17T13:30:00.000Z',
      endTime: '2026-03-17T14:30:00.000Z',
    });
    const occurrence = `${series.masterEventId}_20260324T133000Z`;
    const { body, ip } = visitor();
    const before = smtp.received.length;
    expect((await register(ctx, occurrence, body, { remoteAddress: ip })).statusCode).toBe(201);
    const { token } = manageLink(await nextMailTo(body.email, before));
    const res = await manage('GET', token);
    expect(res.json<ManagedRegistration>().event).toMatchObject({
      id: occurrence,
      title: 'Tuesday Coffee',
      startTime: '2026-03-24T13:30:00.000Z',
    });
    expect((await manage('PUT', token, { name: 'Robin', numberOfGuests: 4 })).statusCode).toBe(200);
  });

  it('reads but changes nothing once the event has started', async () => {
    const now = ctx.clock.now().getTime();
    const soon = await createdEvent(ctx, people.owner.token, {
      title: 'Sunrise Walk',
      startTime: new Date(now + 3_600_000).toISOString(),
      endTime: new Date(now + 7_200_000).toISOString(),
    });
    const { body, ip } = visitor();
    const before = smtp.received.length;
    await register(ctx, soon.id, body, { remoteAddress: ip });
    const { token } = manageLink(await nextMailTo(body.email, before));
    ctx.clock.advance(3_600_000);
    try {
      const read = await manage('GET', token);
      expect(read.json<ManagedRegistration>()).toMatchObject({
        canChange: false,
        closedReason: 'Registration is closed: this event has already started.',
      });
      for (const res of [
        await manage('PUT', token, { name: 'Robin', numberOfGuests: 3 }),
        await manage('DELETE', token),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Registration is closed: this event has already started.');
      }
      expect((await stored(body.email))[0]!.guests).toBe(2);
    } finally {
      ctx.clock.advance(-3_600_000);
    }
  });

  it('refuses a forged, malformed or missing token without telling anything', async () => {
    const { body, ip } = visitor();
    await registerAndRead(body, { remoteAddress: ip });
    const forged = 'A'.repeat(43);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await manage(method, forged, method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'not_found',
        message:
          'This link is not valid. It may have been replaced by a newer one you asked for, or the registration was cancelled.',
      });
    }
    for (const token of ['short', `${'A'.repeat(43)}!`, undefined]) {
      const res = await manage('GET', token);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain(body.email);
    }
    // A session is no key: the member who organizes the event gets nothing without the link.
    const organizer = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { authorization: `Bearer ${people.owner.token}` },
    });
    expect(organizer.statusCode).toBe(400);
    expect((await stored(body.email))[0]!.guests).toBe(2);
  });

  it('is described in the API document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const path = doc.paths['/api/registrations/manage']!;
    expect(Object.keys(path).sort()).toEqual(['delete', 'get', 'put']);
    expect(path.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'x-registration-token', in: 'header' }),
    );
  });
});

describe('the manage page’s mail', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  const newLink = (token: string, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/registrations/manage/new-link',
      headers: { 'x-registration-token': token },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('of a change is queued with it and sent from its row alone, with the check-in code', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const mail = await outbox.mailedFromTheOutboxOnly(
      'registration-updated',
      { subject: 'Registration updated: Harvest Mixer', to: body.email },
      async () => {
        const res = await manage('PUT', link.token, { name: 'Robin', numberOfGuests: 3 }, ip);
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    expect(mail.text).toContain("We've updated your registration for Harvest Mixer.");
    expect(mail.text).toContain('Party size: 3');
    expect(mail.attachments.map((a) => a.filename)).toContain('check-in-qr.png');
  });

  it('of a change goes with it or not at all', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const before = (await outbox.rowsOf('registration-updated')).length;
    await outbox.refuseAtCommit('registration-updated');
    const res = await manage('PUT', link.token, { name: 'Robin', numberOfGuests: 5 }, ip);
    expect(res.statusCode).toBe(500);
    expect((await stored(body.email))[0]!.guests).toBe(2);
    expect(await outbox.rowsOf('registration-updated')).toHaveLength(before);
  });

  it('of a cancellation is queued with it and sent from its row alone, the row gone', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const mail = await outbox.mailedFromTheOutboxOnly(
      'registration-cancelled',
      { subject: 'Registration cancelled: Harvest Mixer', to: body.email },
      async () => {
        expect((await manage('DELETE', link.token)).statusCode).toBe(200);
        expect(await stored(body.email)).toEqual([]);
      },
    );
    expect(mail.text).toContain('Hi Robin,');
    expect(mail.text).toContain('Your registration for Harvest Mixer is cancelled.');
  });

  it('of a cancellation goes with it or not at all', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const before = (await outbox.rowsOf('registration-cancelled')).length;
    await outbox.refuseAtCommit('registration-cancelled');
    expect((await manage('DELETE', link.token)).statusCode).toBe(500);
    expect(await stored(body.email)).toHaveLength(1);
    expect(await outbox.rowsOf('registration-cancelled')).toHaveLength(before);
  });

  /** A party of one offered the only seat of a new event: its offer's manage token. */
  async function offered(title: string) {
    const full = await createdEvent(ctx, people.owner.token, { title, capacity: 1 });
    const first = visitor({ numberOfGuests: 1 });
    const waiting = visitor({ numberOfGuests: 1 });
    const sent = smtp.received.length;
    expect((await register(ctx, full.id, first.body, { remoteAddress: first.ip })).statusCode).toBe(
      201,
    );
    expect(
      (await register(ctx, full.id, waiting.body, { remoteAddress: waiting.ip })).statusCode,
    ).toBe(201);
    const confirmation = await smtp.waitUntil(
      () =>
        smtp
          .sentTo(first.body.email, sent)
          .find((m) => m.subject === `You're registered: ${title}`),
      'confirmation',
    );
    expect((await manage('DELETE', manageLink(confirmation).token)).statusCode).toBe(200);
    const offer = await smtp.mailTo(
      waiting.body.email,
      new RegExp(`^Seats are free for you: ${title}$`),
    );
    const token = /registrations\/manage#token=([\w-]+)/.exec(offer.text!)![1]!;
    return { email: waiting.body.email, token };
  }

  it('of offered seats taken is queued with them and sent from its row alone', async () => {
    const party = await offered('Offer Supper');
    const mail = await outbox.mailedFromTheOutboxOnly(
      'offer-taken',
      { subject: "You're registered: Offer Supper", to: party.email },
      async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/registrations/manage/accept',
          headers: { 'x-registration-token': party.token },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    expect(mail.attachments.map((a) => a.filename)).toContain('check-in-qr.png');
    expect(mail.text).toContain('To change or cancel it again, use the link in your latest');
  });

  it('of offered seats taken goes with them or not at all', async () => {
    const party = await offered('Rolled Supper');
    const before = (await outbox.rowsOf('offer-taken')).length;
    await outbox.refuseAtCommit('offer-taken');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/registrations/manage/accept',
      headers: { 'x-registration-token': party.token },
    });
    expect(res.statusCode).toBe(500);
    expect((await stored(party.email))[0]!.seatStatus).toBe('offered');
    expect(await outbox.rowsOf('offer-taken')).toHaveLength(before);
  });

  it('of a new link stops every link at once, and brings the only one that works', async () => {
    const { body, ip } = visitor();
    const original = await registerAndRead(body, { remoteAddress: ip });
    const again = await registerAndRead(body, { remoteAddress: '198.18.12.1' });
    const mail = await outbox.mailedFromTheOutboxOnly(
      'manage-link',
      { subject: 'Your new registration link: Harvest Mixer', to: body.email },
      async () => {
        const res = await newLink(again.link.token, '198.18.12.2');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ message: string }>().message).toBe(
          `We've emailed a new link to ${body.email}. Links in earlier emails no longer work.`,
        );
        // Every link stopped with the answer; the new one is not made until the mail is.
        for (const link of [original.link, again.link]) {
          expect((await manage('GET', link.token)).statusCode).toBe(404);
        }
        const [row] = (await outbox.rowsOf('manage-link')).filter((r) => r.state === 'pending');
        expect(JSON.stringify(row!.params)).not.toMatch(/token/);
      },
    );
    const fresh = manageLink(mail);
    expect((await manage('GET', fresh.token)).statusCode).toBe(200);
    for (const link of [original.link, again.link]) {
      expect((await manage('GET', link.token)).statusCode).toBe(404);
    }
  });

  it('of a new link goes with the old links’ end or not at all', async () => {
    const { body, ip } = visitor();
    const { link } = await registerAndRead(body, { remoteAddress: ip });
    const before = (await outbox.rowsOf('manage-link')).length;
    await outbox.refuseAtCommit('manage-link');
    expect((await newLink(link.token, ip)).statusCode).toBe(500);
    expect((await manage('GET', link.token)).statusCode).toBe(200);
    expect(await outbox.rowsOf('manage-link')).toHaveLength(before);
  });
});
