import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, idempotencyKeys, submissions } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_CLAIM_MS,
  IdempotencyKeys,
} from '../lib/idempotency-keys.js';
import type { Mailer, MailMessage } from '../lib/mail/mailer.js';
import { CALENDAR_ID, createCalendar } from '../test/calendar.js';
import { createTestApp, createTestUser, signIn, type TestContext } from '../test/app.js';

/** A mailer that keeps what it is given, to count the mail each request causes. */
const sent: MailMessage[] = [];
const mailer: Mailer = {
  description: 'test mailer',
  async send(message) {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
  async close() {},
};

let ctx: TestContext;
let member: string;
let otherMember: string;
let eventId: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { mailer });
  await createCalendar(ctx.db);
  member = await signIn(ctx, (await createTestUser(ctx.db)).email);
  otherMember = await signIn(ctx, (await createTestUser(ctx.db)).email);
  const event = await createEvent(ctx.db, {
    calendarId: CALENDAR_ID,
    startTime: new Date('2026-04-15T18:00:00Z'),
  });
  eventId = event.id;
});
afterAll(() => ctx.close());

let addresses = 0;
/** Forms are throttled per client address: each test writes from an address of its own. */
const freshAddress = () => `203.0.113.${(addresses += 1)}`;

const newEvent = { title: 'Ribbon Cutting', startTime: '2026-04-20T22:00:00Z' };

function createEventCall(key: string | undefined, token: string, body: object = newEvent) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/calendars/appointments',
    headers: {
      authorization: `Bearer ${token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: { endTime: '2026-04-20T23:00:00Z', ...body },
  });
}

function contactCall(
  key: string,
  remoteAddress: string,
  message = 'Hello from the website',
  startedAt = ctx.clock.now().getTime() - 60_000,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/site/contact',
    remoteAddress,
    headers: { 'idempotency-key': key },
    payload: {
      name: 'Sam',
      email: 'sam@example.org',
      message,
      startedAt,
    },
  });
}

const countEvents = (title: string) => ctx.db.$count(events, eq(events.title, title));

function expectReplayOf(replay: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(replay.statusCode).toBe(first.statusCode);
  expect(replay.body).toBe(first.body);
  expect(replay.headers['content-type']).toBe(first.headers['content-type']);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

describe('a retried write with the same Idempotency-Key', () => {
  it('gets the first answer and creates no second event', async () => {
    const body = { ...newEvent, title: 'Replayed Ribbon Cutting' };
    const first = await createEventCall('create-1', member, body);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await createEventCall('create-1', member, body);
    expectReplayOf(replay, first);
    expect(await countEvents('Replayed Ribbon Cutting')).toBe(1);

    // Without a key, the same request is a new event: the key is what makes it a retry.
    expect((await createEventCall(undefined, member, body)).statusCode).toBe(201);
    expect(await countEvents('Replayed Ribbon Cutting')).toBe(2);
  });

  it('gets the first registration answer back, and one registration is stored', async () => {
    const register = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/calendars/appointments/${eventId}/registrations`,
        remoteAddress: '198.51.100.7',
        headers: { 'idempotency-key': 'b3a1c9e2-registration' },
        payload: { name: 'Pat Visitor', email: 'pat@example.org', numberOfGuests: '2' },
      });
    const first = await register();
    expect(first.statusCode, first.body).toBe(201);
    // The confirmation leaves through the outbox after the answer: counted once it has gone.
    await ctx.app.flushMail();
    const mailsBefore = sent.length;
    const replay = await register();
    expectReplayOf(replay, first);
    await ctx.app.flushMail();
    expect(sent.length).toBe(mailsBefore);
    expect(
      await ctx.db.$count(eventRegistrations, eq(eventRegistrations.email, 'pat@example.org')),
    ).toBe(1);
  });

  it('gets the first answer to a contact form, stored and mailed once', async () => {
    const from = freshAddress();
    const before = await ctx.db.$count(submissions);
    await ctx.app.flushMail();
    const mailsBefore = sent.length;
    const first = await contactCall('contact-1', from);
    expect(first.statusCode, first.body).toBe(201);
    expectReplayOf(await contactCall('contact-1', from), first);
    await ctx.app.flushMail();
    expect(await ctx.db.$count(submissions)).toBe(before + 1);
    expect(sent.length).toBe(mailsBefore + 1);
  });

  it('is refused with 422 when the request differs, and nothing is done', async () => {
    const first = await createEventCall('changed-1', member, { ...newEvent, title: 'First' });
    expect(first.statusCode).toBe(201);
    const changed = await createEventCall('changed-1', member, { ...newEvent, title: 'Second' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      error: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await countEvents('Second')).toBe(0);
  });

  it('belongs to its caller and its route', async () => {
    const body = { ...newEvent, title: 'Two Callers' };
    expect((await createEventCall('shared-key', member, body)).statusCode).toBe(201);
    const other = await createEventCall('shared-key', otherMember, body);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countEvents('Two Callers')).toBe(2);

    const from = freshAddress();
    expect((await contactCall('shared-key', from)).headers['idempotent-replayed']).toBeUndefined();
    const elsewhere = await contactCall('shared-key', freshAddress());
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs one of two concurrent requests; the other is told to retry (409)', async () => {
    const from = freshAddress();
    const before = await ctx.db.$count(submissions);
    // Another transaction holds the messages' table: the first request claims its key, then
    // waits for that lock to store its message, still running when the second one arrives.
    const holder = await ctx.pool.connect();
    await holder.query('begin');
    await holder.query('lock table submissions in exclusive mode');
    const first = contactCall('concurrent-1', from);
    try {
      while (
        (await ctx.db.$count(idempotencyKeys, eq(idempotencyKeys.key, 'concurrent-1'))) === 0
      ) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const second = await contactCall('concurrent-1', from);
      expect(second.statusCode).toBe(409);
      expect(second.headers['retry-after']).toBe('1');
    } finally {
      await holder.query('commit');
      holder.release();
    }
    expect((await first).statusCode).toBe(201);
    expectReplayOf(await contactCall('concurrent-1', from), await first);
    expect(await ctx.db.$count(submissions)).toBe(before + 1);
  });

  it('claims nothing for a request that fails validation', async () => {
    const bad = await createEventCall('invalid-first', member, { title: 'No times', startTime: 7 });
    expect(bad.statusCode).toBe(400);
    const good = await createEventCall('invalid-first', member, {
      ...newEvent,
      title: 'Valid Second',
    });
    expect(good.statusCode).toBe(201);
  });

  it('gives the key back when told to try again later (429), so the retry runs', async () => {
    const from = freshAddress();
    // Five messages an hour from one address; the sixth is refused.
    for (let i = 0; i < 5; i += 1) {
      expect((await contactCall(`fill-${i}`, from, `Message ${i}`)).statusCode).toBe(201);
    }
    const refused = await contactCall('after-limit', from);
    expect(refused.statusCode).toBe(429);
    ctx.clock.advance(3_600_000);
    const retried = await contactCall('after-limit', from);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is empty, too long or not printable ASCII', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé-1', 'tab\there']) {
      const res = await createEventCall(key, member, { ...newEvent, title: 'Bad Key' });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().message).toBe(
        'idempotency-key in headers: must be 1 to 255 printable ASCII characters',
      );
    }
    expect((await createEventCall('k'.repeat(255), member, newEvent)).statusCode).toBe(201);
    expect(await countEvents('Bad Key')).toBe(0);
  });

  // Last: moving the clock a day ends the members' sessions.
  it('expires after 24 hours: the same key then runs the request again', async () => {
    const from = freshAddress();
    const before = await ctx.db.$count(submissions);
    // The same form sent again, as it was filled in (forms may be sent up to a week later).
    const retry = (at: number) => contactCall('expiring-1', from, 'Still there?', at);
    const startedAt = ctx.clock.now().getTime() - 60_000;
    expect((await retry(startedAt)).statusCode).toBe(201);
    ctx.clock.advance(24 * 3_600_000 - 1000);
    expect((await retry(startedAt)).headers['idempotent-replayed']).toBe('true');
    ctx.clock.advance(1000);
    const again = await retry(startedAt);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ctx.db.$count(submissions)).toBe(before + 2);
  });
});

describe('the key store', () => {
  const keys = () => new IdempotencyKeys(ctx.db);

  it('lets a retry take over a claim left by a process that died', async () => {
    const now = ctx.clock.now();
    expect(await keys().claim('scope', 'abandoned', 'f1', now)).toEqual({ kind: 'claimed' });
    expect(await keys().claim('scope', 'abandoned', 'f1', now)).toEqual({ kind: 'in_flight' });
    const later = new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS);
    expect(await keys().claim('scope', 'abandoned', 'f2', later)).toEqual({ kind: 'mismatch' });
    expect(await keys().claim('scope', 'abandoned', 'f1', later)).toEqual({ kind: 'claimed' });
  });

  it('deletes expired keys, and only those', async () => {
    const now = ctx.clock.now();
    await keys().claim('cleanup', 'old', 'f', new Date(now.getTime() - 25 * 3_600_000));
    await keys().claim('cleanup', 'fresh', 'f', now);
    expect(await deleteExpiredIdempotencyKeys(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, 'cleanup'));
    expect(left).toEqual([{ key: 'fresh' }]);
  });
});
