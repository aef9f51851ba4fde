import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@chamber/db';
import { verifyPassword } from './modules/auth/password.js';
import { createTestDatabase } from './test/app.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

async function chamber(...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['--conditions=source', cli, ...args], {
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
    ]) {
      expect(result.stdout).toContain(command);
    }
  });

  it('migrates', async () => {
    const result = await chamber('migrate');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Migrations are up to date');
  });

  it('seeds demo data once, however often it runs', async () => {
    const first = await chamber('seed');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('admin@rivertonchamber.example');
    const counts = {
      users: await countRows('users'),
      contacts: await countRows('contacts'),
      events: await countRows('events'),
    };
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

  it('backs up the seeded chamber and restores it into an empty database', async () => {
    await chamber('seed');
    const archive = path.join(dataDir, 'nightly.tar.gz');
    const backup = await chamber('backup', archive);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*nightly\.tar\.gz: \d+ rows in \d+ tables, 0 files\.$/m,
    );
    expect(backup.stderr).toMatch(/tables \d+\/\d+: contacts \(\d+ rows\)/);

    const target = await createTestDatabase();
    try {
      const restore = await run(tsx, ['--conditions=source', cli, 'restore', archive], {
        env: { ...process.env, DATABASE_URL: target.url, NODE_ENV: 'test', DATA_DIR: dataDir },
      });
      expect(restore.stdout).toMatch(/^Restored .*nightly\.tar\.gz/m);
      const count = async (db: typeof target.db) =>
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from contacts`)).rows[0]!.n;
      expect(await count(target.db)).toBe(await count(database.db));
      // Into a database that has data: refused, with the way out named.
      const again = await run(tsx, ['--conditions=source', cli, 'restore', archive], {
        env: { ...process.env, DATABASE_URL: target.url, NODE_ENV: 'test', DATA_DIR: dataDir },
      }).catch((err: { code: number; stderr: string }) => err);
      expect(again).toMatchObject({ code: 1 });
      expect((again as { stderr: string }).stderr).toMatch(/the database is not empty .*--replace/);
    } finally {
      await target.close();
    }
  });

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

  it('stops with one line naming a bad variable', async () => {
    const { stderr, code } = await (async () => {
      try {
        await run(tsx, ['--conditions=source', cli, 'migrate'], {
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
  });
});
