import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailOutbox, users } from '@chamber/db';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { deleteExpiredRowsJob } from './background/delete-expired-rows.js';
import { queueMail } from './lib/mail/outbox.js';
import { verifyPassword } from './modules/auth/password.js';
import {
  createTestDatabase,
  createTestUser,
  PASSWORD,
  signIn,
  type TestContext,
} from './test/app.js';
import { startRunner, testJob, waitForRun } from './test/jobs.js';

const run = promisify(execFile);
// The CLI bundled once for the run (test/bundle.ts), run by node as `chamber` runs it.
const cli = inject('processBundles').cli;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

async function chamber(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      // set-password mails a notice: into a throwaway outbox, not ./data.
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test', DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function countRows(table: string) {
  const { rows } = await database.db.execute<{ n: number }>(
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-cli-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('chamber CLI', () => {
  it('lists its commands with --help', async () => {
    const result = await chamber('--help');
    expect(result.code).toBe(0);
    for (const command of [
      'migrate',
      'seed',
      'create-admin',
      'set-password',
      'backup',
      'restore',
      'jobs',
    ]) {
      expect(result.stdout).toContain(command);
    }
  }, 60_000);

  it('migrates', async () => {
    const result = await chamber('migrate');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Migrations are up to date');
  }, 60_000);

  it('seeds demo data once, however often it runs', async () => {
    const first = await chamber('seed');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('admin@rivertonchamber.example');
    const counts = {
      users: await countRows('users'),
      contacts: await countRows('contacts'),
      events: await countRows('events'),
      job_posts: await countRows('job_posts'),
    };
    expect(counts.job_posts).toBe(2);
    expect(counts.users).toBeGreaterThanOrEqual(3);
    expect(counts.contacts).toBeGreaterThanOrEqual(3);
    const series = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where rrule like 'FREQ=WEEKLY%'`,
    );
    expect(series.rows[0]!.n).toBe(1);
    const tiers = await database.db.execute<{ tier: string }>(
      sql`select distinct membership_tier as tier from contacts order by 1`,
    );
    expect(tiers.rows.map((r) => r.tier)).toEqual(['standard', 'enhanced', 'elite']);

    const second = await chamber('seed');
    expect(second.code).toBe(0);
    expect({
      users: await countRows('users'),
      contacts: await countRows('contacts'),
      events: await countRows('events'),
      job_posts: await countRows('job_posts'),
    }).toEqual(counts);
  }, 60_000);

  it('creates an admin and sets a password', async () => {
    const created = await chamber(
      'create-admin',
      '--email',
      'Office@Chamber.example',
      '--password',
      'first-password-1',
      '--first',
      'Olive',
      '--last',
      'Office',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created admin Office@Chamber.example');
    const [admin] = await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'office@chamber.example'`);
    expect(admin).toMatchObject({ role: 'admin', status: 'active', firstName: 'Olive' });

    const changed = await chamber(
      'set-password',
      '--email',
      'office@chamber.example',
      '--password',
      'second-password-2',
    );
    expect(changed.code).toBe(0);
    const [after] = await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'office@chamber.example'`);
    expect(await verifyPassword(after!.passwordHash, 'second-password-2')).toBe(true);
    expect(await verifyPassword(after!.passwordHash, 'first-password-1')).toBe(false);
  }, 60_000);

  it('ends every session of the account when set-password or create-admin sets its password', async () => {
    // A server on the same database, as the running portal would be.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, db: database.db, logger: false });
    const server = { app, config } as TestContext;
    const profile = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });
    try {
      const user = await createTestUser(database.db, { email: 'lena@copperleaf.example' });
      const day = await signIn(server, user.email);
      const month = await signIn(server, user.email, PASSWORD, true);
      expect((await profile(month)).statusCode).toBe(200);

      const changed = await chamber(
        'set-password',
        '--email',
        'LENA@copperleaf.example',
        '--password',
        'fresh-password-1',
      );
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stdout).toContain('Password updated for lena@copperleaf.example.');
      expect((await profile(day)).statusCode).toBe(401);
      expect((await profile(month)).statusCode).toBe(401);
      expect(changed.stdout).toContain('Ended 2 sessions of the account.');
      expect(changed.stdout).toMatch(/Password-changed notice written to .*\.eml\./);

      const again = await signIn(server, user.email, 'fresh-password-1', true);
      const admin = await chamber(
        'create-admin',
        '--email',
        'lena@copperleaf.example',
        '--password',
        'admin-password-2',
      );
      expect(admin.code, admin.stderr).toBe(0);
      expect(admin.stdout).toContain(
        'Made lena@copperleaf.example an active admin and set the password.',
      );
      expect((await profile(again)).statusCode).toBe(401);
      expect(admin.stdout).toContain('Ended 1 session of the account.');

      const { rows: audit } = await database.db.execute<{ action: string; actor_email: string }>(
        sql`select action, actor_email from audit_log where target_id = ${user.id} order by created_at`,
      );
      expect(audit.map((r) => r.action)).toEqual(['user.password', 'user.update', 'user.password']);
      expect(new Set(audit.map((r) => r.actor_email))).toEqual(new Set(['chamber command line']));
    } finally {
      await app.close();
    }
  }, 60_000);

  it('backs up the seeded chamber and restores it into an empty database', async () => {
    await chamber('seed');
    const archive = path.join(dataDir, 'nightly.tar.gz');
    const backup = await chamber('backup', archive);
    expect(backup.code, backup.stderr).toBe(0);
    // The files are the pictures the seed stores (the demo gallery, the events' covers).
    const { rows: stored } = await database.db.execute<{ n: number }>(
      sql`select count(distinct key)::int as n from media`,
    );
    expect(stored[0]!.n).toBeGreaterThan(0);
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backup written to .*nightly\\.tar\\.gz: \\d+ rows in \\d+ tables, ${stored[0]!.n} files\\.$`,
        'm',
      ),
    );
    expect(backup.stderr).toMatch(/tables \d+\/\d+: contacts \(\d+ rows\)/);

    const target = await createTestDatabase();
    try {
      const restore = await run(process.execPath, [cli, 'restore', archive], {
        env: { ...process.env, DATABASE_URL: target.url, NODE_ENV: 'test', DATA_DIR: dataDir },
      });
      expect(restore.stdout).toMatch(/^Restored .*nightly\.tar\.gz/m);
      const count = async (db: typeof target.db) =>
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from contacts`)).rows[0]!.n;
      expect(await count(target.db)).toBe(await count(database.db));
      // Into a database that has data: refused, with the way out named.
      const again = await run(process.execPath, [cli, 'restore', archive], {
        env: { ...process.env, DATABASE_URL: target.url, NODE_ENV: 'test', DATA_DIR: dataDir },
      }).catch((err: { code: number; stderr: string }) => err);
      expect(again).toMatchObject({ code: 1 });
      expect((again as { stderr: string }).stderr).toMatch(/the database is not empty .*--replace/);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('fails clearly on bad input', async () => {
    const short = await chamber('create-admin', '--email', 'a@b.example', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters long');

    const missing = await chamber(
      'set-password',
      '--email',
      'nobody@x.example',
      '--password',
      'long-enough-1',
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with email nobody@x.example');

    const unknown = await chamber('frobnicate');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  }, 60_000);

  it('lists background job runs, newest first, failed ones with their error', async () => {
    const before = await chamber('jobs');
    expect(before).toMatchObject({
      code: 0,
      stdout: 'No job has run yet: the portal sets up its job queue when it first starts.\n',
    });

    const runner = await startRunner({
      url: database.url,
      db: database.db,
      // Without its schedule: a quarter hour passing mid-test would list a newer clean-up first.
      definitions: [
        { ...deleteExpiredRowsJob, cron: undefined },
        testJob('send-reminders', async () => {
          throw new Error('mail server down \u001b[2J');
        }),
      ],
    });
    try {
      await waitForRun(database.db, await runner.send('delete-expired-rows'));
      expect((await chamber('jobs', '--failed')).stdout).toBe(
        'No failed job runs in the last 30 days.\n',
      );
      await waitForRun(database.db, await runner.send('send-reminders'));
    } finally {
      await runner.stop();
    }

    const all = await chamber('jobs');
    expect(all.code).toBe(0);
    const time = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d';
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^job +state +attempts +started \(UTC\) +finished \(UTC\)$/);
    const failed = lines.findIndex((l) => l.startsWith('send-reminders'));
    expect(failed).toBe(1);
    expect(lines[failed]).toMatch(new RegExp(`^send-reminders +failed +1 +${time} +${time}$`));
    // The escape sequence in the message is shown, not sent to the terminal.
    expect(lines[failed + 1]).toBe('  error: mail server down \\x1B[2J');
    const cleanUp = lines.findIndex((l) => l.startsWith('delete-expired-rows'));
    expect(cleanUp).toBeGreaterThan(failed);
    expect(lines[cleanUp]).toMatch(
      new RegExp(`^delete-expired-rows +completed +1 +${time} +${time}$`),
    );
    expect(lines[cleanUp + 1]).toMatch(
      /^ {2}result: access_tokens \d+, auth_codes \d+, email_changes \d+, email_codes \d+, idempotency_keys \d+, mail_outbox \d+, mfa_challenges \d+, password_resets \d+, rate_limits \d+$/,
    );

    // The same first run and its error, in columns as wide as these rows need.
    const columns = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.replace(/(\S) +/g, '$1 '));
    const failedOnly = columns(lines.slice(0, 3).join('\n'));
    expect(columns((await chamber('jobs', '--failed')).stdout)).toEqual(failedOnly);
    expect(columns((await chamber('jobs', '--limit', '1')).stdout)).toEqual(failedOnly);
    const bad = await chamber('jobs', '--limit', 'all');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      'Error: --limit must be a whole number from 1 to 1000 (got "all")',
    );
  }, 180_000);

  it('lists failed mail with --failed and puts it back in the outbox with --retry', async () => {
    const now = new Date();
    await queueMail(database.db, now, 'registration', { registrationId: 'r1' });
    await queueMail(database.db, now, 'seat-offer', { registrationId: 'r2' });
    const [failed] = await database.db
      .update(mailOutbox)
      .set({ state: 'failed', attempts: 8, lastError: '451 4.3.0 mailbox busy \u001b[2J' })
      .where(eq(mailOutbox.kind, 'registration'))
      .returning();
    try {
      const summary = await chamber('jobs');
      expect(summary.code).toBe(0);
      expect(summary.stdout).toContain(
        'Mail: 1 waiting to be sent, 1 failed (`chamber jobs --failed` lists them).',
      );
      const listed = (await chamber('jobs', '--failed')).stdout.trimEnd().split('\n');
      const heading = listed.indexOf(
        'Failed mail (put back with `chamber jobs --retry <id>`, or `--retry all`):',
      );
      expect(heading).toBeGreaterThan(0);
      expect(listed[heading + 1]).toMatch(/^id +kind +attempts +queued \(UTC\)$/);
      expect(listed[heading + 2]).toMatch(new RegExp(`^${failed!.id} +registration +8 +\\d{4}-`));
      expect(listed[heading + 3]).toBe('  error: 451 4.3.0 mailbox busy \\x1B[2J');
      expect(listed).toHaveLength(heading + 4);

      const unknown = await chamber('jobs', '--retry', '00000000-0000-4000-8000-000000000000');
      expect(unknown).toMatchObject({ code: 1 });
      expect(unknown.stderr.trim()).toBe(
        'Error: No failed mail with id 00000000-0000-4000-8000-000000000000',
      );
      expect((await chamber('jobs', '--retry', 'nonsense')).code).toBe(1);
      const retried = await chamber('jobs', '--retry', failed!.id);
      expect(retried.stdout).toBe(
        '1 failed mail put back in the outbox; the portal sends it within a few seconds.\n',
      );
      const [again] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, failed!.id));
      expect(again).toMatchObject({ state: 'pending', attempts: 0 });
      expect((await chamber('jobs', '--failed')).stdout).not.toContain('Failed mail');
    } finally {
      await database.db.delete(mailOutbox);
    }
  }, 120_000);

  it('leaves the job queue out of backups, and restores where a portal has set its queue up', async () => {
    const archive = path.join(dataDir, 'with-jobs.tar.gz');
    const backup = await chamber('backup', archive);
    expect(backup.code, backup.stderr).toBe(0);
    const tables = [...backup.stderr.matchAll(/tables \d+\/\d+: (\S+) \(/g)].map((m) => m[1]);
    expect(tables).toContain('contacts');
    for (const queueTable of ['job', 'archive', 'queue', 'schedule', 'version']) {
      expect(tables).not.toContain(queueTable);
    }

    const target = await createTestDatabase();
    try {
      await (await startRunner({ url: target.url, db: target.db })).stop();
      const restore = await run(process.execPath, [cli, 'restore', archive], {
        env: { ...process.env, DATABASE_URL: target.url, NODE_ENV: 'test', DATA_DIR: dataDir },
      });
      expect(restore.stdout).toMatch(/^Restored .*with-jobs\.tar\.gz/m);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('stops with one line naming a bad variable', async () => {
    const { stderr, code } = await (async () => {
      try {
        await run(process.execPath, [cli, 'migrate'], {
          env: { ...process.env, DATABASE_URL: 'mysql://nope' },
        });
        return { code: 0, stderr: '' };
      } catch (err) {
        return err as { code: number; stderr: string };
      }
    })();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Configuration error: DATABASE_URL: must start with postgres:// or postgresql://',
    );
  }, 60_000);
});
