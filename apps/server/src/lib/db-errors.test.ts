import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@chamber/db';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test/app.js';
import { freePort } from '../test/server-process.js';
import { describeError, isDatabaseUnavailable, isUniqueViolation } from './db-errors.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const failure = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('a database that cannot be reached', () => {
  it('is told apart from a query that went wrong, as the driver and drizzle report each', async () => {
    const refused = connect(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, { max: 1 });
    const unreachable = await failure(refused.db.execute(sql`select 1`));
    await refused.close();
    expect(isDatabaseUnavailable(unreachable)).toBe(true);
    expect(describeError(unreachable)).toMatch(/ECONNREFUSED/);

    // A session the server ends (as a shutdown does): 57P01 to the query that was running.
    const victim = connect(database.url, { max: 1 });
    const { rows } = await victim.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const sleeping = failure(victim.db.execute(sql`select pg_sleep(10)`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
    const terminated = await sleeping;
    expect((terminated as { cause?: { code?: string } }).cause?.code).toBe('57P01');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    // The pool replaced the connection: the next query works.
    expect((await victim.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    await victim.close();

    const syntax = await failure(database.db.execute(sql`selec 1`));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    const division = await failure(
      database.db.execute(sql`select 1 from (values (1)) v(x) where (select 1/0) = 1`),
    );
    expect(isDatabaseUnavailable(division)).toBe(false);
    expect(isUniqueViolation(division)).toBe(false);
  }, 30_000);

  it('answers 503 database_unavailable with Retry-After, not 500', async () => {
    const handle = connect(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, { max: 1 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, db: handle.db, logger: false });
    try {
      const res = await app.inject('/api/config');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'database_unavailable',
        message:
          'The portal cannot reach its database at the moment. Please try again in a few seconds.',
      });
      const write = await app.inject({
        method: 'POST',
        url: '/api/auth/authorize',
        payload: {
          email: 'someone@example.org',
          password: 'correct horse battery staple',
          codeChallenge: 'x'.repeat(43),
          codeChallengeMethod: 'S256',
          redirectUri: config.redirectUri,
        },
      });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
