import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { expect, inject } from 'vitest';
import { connect, migrationsFolder } from '@chamber/db';

interface Journal {
  entries: { tag: string }[];
}

/**
 * An empty database of its own, for testing one migration on data written by the schema
 * before it: `upTo(tag)` migrates to just before the migration whose tag ends with `tag`,
 * `through(tag)` runs it too.
 */
export async function migrationDatabase(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `chamber-${prefix}-`));
  const adminUrl = new URL(inject('pgAdminUrl'));
  const name = `${prefix.replace(/-/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = connect(adminUrl.toString(), { max: 1 });
  await admin.pool.query(`create database "${name}"`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connect(url.toString(), { max: 1 });
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;

  /** A migrations folder holding the first `count` migrations. */
  const folder = async (count: number) => {
    const target = path.join(dir, String(count));
    await mkdir(path.join(target, 'meta'), { recursive: true });
    for (const entry of journal.entries.slice(0, count)) {
      await cp(
        path.join(migrationsFolder, `${entry.tag}.sql`),
        path.join(target, `${entry.tag}.sql`),
      );
    }
    await writeFile(
      path.join(target, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
    );
    return target;
  };
  const at = (tag: string) => {
    const index = journal.entries.findIndex((e) => e.tag.endsWith(tag));
    expect(index).toBeGreaterThan(0);
    return index;
  };

  return {
    db: handle.db,
    upTo: async (tag: string) => migrate(handle.db, { migrationsFolder: await folder(at(tag)) }),
    through: async (tag: string) =>
      migrate(handle.db, { migrationsFolder: await folder(at(tag) + 1) }),
    rows: async (query: SQL) => (await handle.db.execute(query)).rows as Record<string, unknown>[],
    close: async () => {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
