import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { connect, type Database, type DbHandle } from '@chamber/db';
import { createContact, createUser } from '@chamber/db/factories';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Clock, manualClock } from '../lib/clock.js';
import { hashPassword } from '../modules/auth/index.js';
import { s256Challenge } from '../modules/auth/pkce.js';
import { startSmtpServer } from './smtp.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  /** The database's URL, for a second connection (as another server process would have). */
  url: string;
  /** The connection pool of the same database, for work below the ORM. */
  pool: DbHandle['pool'];
  config: Config;
  /** A temporary DATA_DIR (uploads land in its media/ folder), removed on close. */
  dataDir: string;
  clock: Clock & { advance(ms: number): void };
  close: () => Promise<void>;
}

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase() {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = connect(inject('pgAdminUrl'), { max: 1 });
  await admin.pool.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  await admin.close();
  // The same server and credentials (a socket directory, if any, is in the query string).
  const address = new URL(inject('pgAdminUrl'));
  address.pathname = `/${name}`;
  const url = address.toString();
  return { url, ...connect(url, { max: 5 }) };
}

/** A fresh database and the app on top of it, with a clock the test moves by hand. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'mailer'> = {},
): Promise<TestContext> {
  const handle = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
  const app = await buildApp({ config, db: handle.db, clock, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: handle.db,
    url: handle.url,
    pool: handle.pool,
    config,
    dataDir,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app mailing to a loopback SMTP peer of its own, which the test reads; `close`
 * stops both. `smtpOptions` as startSmtpServer takes them (a peer that holds its messages).
 */
export async function createMailingApp(
  env: Record<string, string> = {},
  smtpOptions: Parameters<typeof startSmtpServer>[0] = {},
) {
  const smtp = await startSmtpServer(smtpOptions);
  const ctx = await createTestApp({ SMTP_URL: smtp.url, ...env });
  const close = async () => {
    await ctx.close();
    await smtp.close();
  };
  return { ctx, smtp, close };
}

const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; tests reuse one hash per password. */
export function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export const PASSWORD = 'correct horse battery staple';

export async function createTestUser(
  db: Database,
  overrides: Omit<Parameters<typeof createUser>[1], 'passwordHash'> = {},
) {
  return createUser(db, { passwordHash: await cachedHash(PASSWORD), ...overrides });
}

export { createContact };

export function pkcePair(verifier = randomBytes(32).toString('base64url')) {
  return { verifier, challenge: s256Challenge(verifier) };
}

/** The whole PKCE round trip; returns the access token. */
export async function signIn(
  ctx: TestContext,
  email: string,
  password = PASSWORD,
  remember = false,
): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const authorize = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/authorize',
    payload: {
      email,
      password,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      redirectUri: ctx.config.redirectUri,
      remember,
    },
  });
  if (authorize.statusCode !== 200) throw new Error(`authorize failed: ${authorize.body}`);
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: {
      grant_type: 'authorization_code',
      code: authorize.json().code,
      code_verifier: verifier,
      redirect_uri: ctx.config.redirectUri,
    },
  });
  if (token.statusCode !== 200) throw new Error(`token failed: ${token.body}`);
  return token.json().access_token as string;
}
