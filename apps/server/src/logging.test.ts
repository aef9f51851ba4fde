import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createEvent } from '@chamber/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import {
  createContact,
  createTestDatabase,
  createTestUser,
  PASSWORD,
  pkcePair,
  type TestContext,
} from './test/app.js';
import { createCalendar } from './test/calendar.js';
import { bearer, dataUrl, makeImage } from './test/members.js';
import { codeFrom, mailTo } from './test/sign-up.js';

/** The log is JSON lines with a request id, and never holds a secret a request carried. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let lines: string[];
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-log-'));
  lines = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
  });
  app = await buildApp({ config, db: database.db, logStream: stream });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('logs', () => {
  it('carry the request id on every request line and in the x-request-id header', async () => {
    const res = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'trace-me-42' },
    });
    expect(res.headers['x-request-id']).toBe('trace-me-42');
    const mine = lines
      .map((l) => JSON.parse(l) as { reqId?: string })
      .filter((l) => l.reqId === 'trace-me-42');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    // A forged id that could break a log line is replaced.
    const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hold no password, code, verifier, token or uploaded file', async () => {
    const user = await createTestUser(database.db);
    const { verifier, challenge } = pkcePair();
    const authorize = await app.inject({
      method: 'POST',
      url: '/api/auth/authorize',
      payload: {
        email: user.email,
        password: PASSWORD,
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        redirectUri: 'http://localhost:3000/auth',
      },
    });
    const { code } = authorize.json<{ code: string }>();
    const token = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: 'http://localhost:3000/auth',
      },
    });
    const { access_token } = token.json<{ access_token: string }>();
    const image = dataUrl(await makeImage('png'));
    await app.inject({
      method: 'POST',
      url: '/api/medias/upload-avatar',
      headers: bearer(access_token),
      payload: { contactId: user.contactId, fileData: image, fileName: 'me.png' },
    });
    // A wrong password and a bad body are logged as failures, still without the secret.
    await app.inject({
      method: 'POST',
      url: '/api/auth/authorize',
      payload: {
        email: user.email,
        password: 'hunter2-hunter2',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        redirectUri: 'http://localhost:3000/auth',
      },
    });
    // The existing-contact sign-up: the emailed code, the claim token, the new password.
    const claimant = await createContact(database.db, { email: 'claimant@logtest.example' });
    const post = (call: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/auth/${call}`, payload });
    await post('send-confirmation', { email: claimant.email });
    const outbox = { dataDir } as TestContext;
    const emailCode = codeFrom((await mailTo(outbox, claimant.email!))[0]!);
    const confirmed = await post('verify-confirmation', { email: claimant.email, code: emailCode });
    const { claimToken } = confirmed.json<{ claimToken: string }>();
    const claimed = await post('register-existing', {
      email: claimant.email,
      password: 'claimed-password-9',
      confirmPassword: 'claimed-password-9',
      claimToken,
    });
    expect(claimed.statusCode).toBe(201);

    // An event registration: the manage link from its mail, used to read and change it.
    await createCalendar(database.db);
    const event = await createEvent(database.db, {
      calendarId: 'racc-events',
      startTime: new Date(Date.now() + 7 * 86_400_000),
    });
    await app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${event.id}/registrations`,
      payload: { name: 'Log Tester', email: 'registrant@logtest.example', numberOfGuests: 2 },
    });
    const [confirmation] = await mailTo(outbox, 'registrant@logtest.example');
    const manageToken = confirmation!.text?.match(/#token=([\w-]+)/)?.[1];
    expect(manageToken).toMatch(/^[\w-]{43}$/);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await app.inject({
        method,
        url: '/api/registrations/manage',
        headers: { 'x-registration-token': manageToken! },
        ...(method === 'PUT' ? { payload: { name: 'Log Tester', numberOfGuests: 3 } } : {}),
      });
      expect(res.statusCode).toBe(200);
    }

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(8);
    for (const secret of [
      PASSWORD,
      'hunter2-hunter2',
      code,
      verifier,
      access_token,
      image.slice(22, 80),
      emailCode,
      claimToken,
      manageToken!,
      'claimed-password-9',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
