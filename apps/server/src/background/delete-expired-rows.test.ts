import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, authCodes, emailCodes, idempotencyKeys, rateLimits } from '@chamber/db';
import { createTestApp, createTestUser, PASSWORD, type TestContext } from '../test/app.js';
import { authorize, exchange, issueCode, tokenIsLive } from '../test/auth.js';
import { startRunner, waitForRun } from '../test/jobs.js';
import { deleteExpiredRows, deleteExpiredRowsJob } from './delete-expired-rows.js';
import type { JobRunner } from './runner.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
let runner: JobRunner;

beforeAll(async () => {
  ctx = await createTestApp();
  // The job runs when a test sends it, never on its schedule: a run at a wall-clock quarter
  // hour could delete rows a test is about to count (the schedule is server.test.ts's).
  runner = await startRunner({
    url: ctx.url,
    db: ctx.db,
    clock: ctx.clock,
    definitions: [{ ...deleteExpiredRowsJob, cron: undefined }],
  });
});
afterAll(async () => {
  await runner.stop();
  await ctx.close();
});

const counts = async () => ({
  rate_limits: await ctx.db.$count(rateLimits),
  auth_codes: await ctx.db.$count(authCodes),
  access_tokens: await ctx.db.$count(accessTokens),
  email_codes: await ctx.db.$count(emailCodes),
  idempotency_keys: await ctx.db.$count(idempotencyKeys),
});

/** The tables the job deletes from, in the order of its output. */
const TABLES = [
  'rate_limits',
  'auth_codes',
  'access_tokens',
  'email_codes',
  'password_resets',
  'email_changes',
  'idempotency_keys',
  'mfa_challenges',
  'mail_outbox',
] as const;

/** The job's output: how many rows it deleted from each table, 0 where not named. */
const deleted = (counts: Partial<Record<(typeof TABLES)[number], number>>) => ({
  ...Object.fromEntries(TABLES.map((table) => [table, 0])),
  ...counts,
});

/** Runs the clean-up job through the queue, as the schedule does, and returns what it deleted. */
async function runCleanUp() {
  const id = await runner.send('delete-expired-rows');
  const run = await waitForRun(ctx.db, id);
  expect(run.state).toBe('completed');
  return run.output;
}

describe('the clean-up job', () => {
  it('is scheduled every 15 minutes', () => {
    expect(deleteExpiredRowsJob.cron).toBe('*/15 * * * *');
  });

  it('leaves readiness to the portal’s own migrations', async () => {
    // The queue's schema is pg-boss's, set up by the runner, and not a migration of ours.
    expect((await ctx.app.inject('/api/ready')).json()).toEqual({ ready: true });
  });

  it('deletes the rows the clock says have expired and keeps the live ones', async () => {
    const t0 = ctx.clock.now();
    const { email } = await createTestUser(ctx.db);
    // A 12-hour session, a 30-day one, and a failed sign-in that opens throttling windows.
    const session = await issueCode(ctx, { email });
    const sessionToken = (await exchange(ctx, session)).json().access_token as string;
    const remembered = await issueCode(ctx, { email, remember: true });
    const rememberedToken = (await exchange(ctx, remembered)).json().access_token as string;
    expect((await authorize(ctx, { email, password: `${PASSWORD}!` })).statusCode).toBe(401);
    // Confirmation codes of the roster claim (10 minutes): one never entered, one entered at
    // minute 9. A right code issues a claim token that lasts 15 minutes, so any code is kept
    // until 15 minutes after it expires (minute 25).
    await ctx.db.insert(emailCodes).values([
      {
        purpose: 'claim',
        email: 'never@example.org',
        codeHash: 'x',
        expiresAt: new Date(t0.getTime() + 10 * MINUTE),
      },
      {
        purpose: 'claim',
        email: 'verified@example.org',
        codeHash: 'x',
        expiresAt: new Date(t0.getTime() + 10 * MINUTE),
        verifiedAt: new Date(t0.getTime() + 9 * MINUTE),
      },
    ]);
    // The answer to a write sent with an Idempotency-Key, kept for 24 hours.
    await ctx.db.insert(idempotencyKeys).values({
      scope: 'ip:203.0.113.9 POST /api/contact',
      key: 'retry-1',
      fingerprint: 'x',
      status: 201,
      headers: {},
      body: '{}',
      lockedUntil: t0,
      expiresAt: new Date(t0.getTime() + DAY),
      createdAt: t0,
    });
    const before = await counts();
    expect(before).toMatchObject({
      auth_codes: 2,
      access_tokens: 2,
      email_codes: 2,
      idempotency_keys: 1,
    });
    expect(before.rate_limits).toBeGreaterThan(0);

    expect(await runCleanUp()).toEqual(deleted({}));

    // Minute 20: the 15-minute throttling windows are over; a claim token may still be live.
    ctx.clock.advance(20 * MINUTE);
    expect(await runCleanUp()).toEqual(deleted({ rate_limits: before.rate_limits }));
    expect(await counts()).toEqual({
      rate_limits: 0,
      auth_codes: 2,
      access_tokens: 2,
      email_codes: 2,
      idempotency_keys: 1,
    });
    // Minute 26: no claim token of either code can be live.
    ctx.clock.advance(6 * MINUTE);
    expect(await runCleanUp()).toEqual(deleted({ email_codes: 2 }));
    // The spent codes are still known, so a replay still revokes the session it opened.
    expect((await exchange(ctx, session)).statusCode).toBe(400);
    expect(await tokenIsLive(ctx, sessionToken)).toBe(false);
    expect(await tokenIsLive(ctx, rememberedToken)).toBe(true);

    // Two days on: the codes and the revoked 12-hour token are past keeping.
    ctx.clock.advance(2 * DAY);
    expect(await runCleanUp()).toEqual(
      deleted({ auth_codes: 2, access_tokens: 1, idempotency_keys: 1 }),
    );
    expect(await tokenIsLive(ctx, rememberedToken)).toBe(true);

    // A month on, the 30-day token too.
    ctx.clock.advance(30 * DAY);
    expect(await runCleanUp()).toEqual(deleted({ access_tokens: 1 }));
    expect(await counts()).toEqual({
      rate_limits: 0,
      auth_codes: 0,
      access_tokens: 0,
      email_codes: 0,
      idempotency_keys: 0,
    });
  });

  it('runs every step when one fails, and then fails naming it', async () => {
    const done: string[] = [];
    const steps = [
      {
        table: 'first',
        deleteExpired: async () => {
          throw new Error('lock timeout');
        },
      },
      {
        table: 'second',
        deleteExpired: async () => {
          done.push('second');
          return 3;
        },
      },
    ];
    await expect(deleteExpiredRows(ctx.db, ctx.clock.now(), steps)).rejects.toThrow(
      'clean-up failed for first: lock timeout',
    );
    expect(done).toEqual(['second']);
  });
});
