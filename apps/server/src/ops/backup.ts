import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { finished, pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from '@chamber/db';
import * as tar from 'tar';
import type { Storage } from '../lib/storage.js';

/**
 * A backup is one .tar.gz: manifest.json, one JSON-lines file per table (each row as
 * PostgreSQL's row_to_json gives it, all read in one repeatable-read snapshot, so the tables
 * agree with each other), and every uploaded file under media/. It restores into a database
 * at the same migration or a later one.
 */

export const BACKUP_FORMAT = 1;

/**
 * Short-lived rows a restored portal does not need: throttling windows and emailed codes;
 * the change counter, which every database has from its migrations and keeps counting; and
 * the seats taken per occurrence, which the registrations' trigger counts again as they load.
 */
const SKIPPED_TABLES = new Set(['rate_limits', 'email_codes', 'data_version', 'event_seats']);
/**
 * Tables the migrations fill (the membership plans, the dues settings' one row, the starting
 * tree of directory categories): a fresh database has these rows, so they do not make it 'not
 * empty'. A restore replaces them with the backup's, which are the chamber's own.
 */
const MIGRATION_FILLED_TABLES = new Set(['membership_plans', 'membership_settings', 'categories']);
/**
 * Tables the database's triggers fill as other tables load (each contact's primary person,
 * made with the contact): emptied before the backup's own rows load, when the backup has them.
 * A backup from before such a table keeps what the triggers made.
 */
const TRIGGER_FILLED_TABLES = new Set(['business_people']);
const BATCH = 1000;

interface Manifest {
  format: number;
  createdAt: string;
  migrations: number;
  tables: { name: string; columns: string[]; rows: number }[];
  media: string[];
}

export type Progress = (line: string) => void;

export class BackupError extends Error {}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};
const contentTypeOf = (key: string) =>
  contentTypes[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs `work` in one transaction on one connection of the pool (rolled back if it throws). */
async function inTransaction<T>(
  pool: Pool,
  begin: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    failure = err;
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    // A connection that failed mid-way is closed rather than given back.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/** Our tables (not drizzle's bookkeeping), parents before children, with writable columns. */
async function tablesInOrder(db: Pool | PoolClient) {
  const { rows: tables } = await db.query<{ name: string }>(`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const { rows: edges } = await db.query<{ child: string; parent: string }>(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`);
  const names = tables.map((t) => t.name).filter((n) => !SKIPPED_TABLES.has(n));
  const ordered: string[] = [];
  const visit = (name: string, trail: Set<string>) => {
    if (ordered.includes(name) || trail.has(name)) return;
    trail.add(name);
    for (const e of edges) {
      const parent = e.parent.replace(/"/g, '');
      if (e.child.replace(/"/g, '') === name && parent !== name) visit(parent, trail);
    }
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  const result: { name: string; columns: string[] }[] = [];
  for (const name of ordered.filter((n) => names.includes(n))) {
    const { rows: columns } = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
      [name],
    );
    result.push({ name, columns: columns.map((c) => c.name) });
  }
  return result;
}

async function appliedMigrations(db: Pool | PoolClient): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return rows[0]?.count ?? 0;
}

export async function createBackup(
  pool: Pool,
  storage: Storage,
  file: string,
  progress: Progress = () => {},
): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'chamber-backup-'));
  try {
    await mkdir(path.join(work, 'db'));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migrations: 0,
      tables: [],
      media: [],
    };
    await inTransaction(pool, 'begin isolation level repeatable read read only', async (tx) => {
      manifest.migrations = await appliedMigrations(tx);
      const tables = await tablesInOrder(tx);
      for (const [i, table] of tables.entries()) {
        const out = createWriteStream(path.join(work, 'db', `${table.name}.jsonl`));
        let rows = 0;
        // A cursor inside the snapshot: a table is read a batch at a time, never whole.
        await tx.query(
          `declare table_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table.name)} t`,
        );
        for (;;) {
          const batch = await tx.query<{ row: string }>(`fetch ${BATCH} from table_rows`);
          for (const { row } of batch.rows) {
            if (!out.write(`${row}\n`)) await once(out, 'drain');
          }
          rows += batch.rows.length;
          if (batch.rows.length < BATCH) break;
        }
        await tx.query('close table_rows');
        out.end();
        await finished(out);
        manifest.tables.push({ ...table, rows });
        progress(`tables ${i + 1}/${tables.length}: ${table.name} (${rows} rows)`);
      }
      const keys = await tx.query<{ key: string }>('select distinct key from media order by key');
      manifest.media = keys.rows.map((k) => k.key);
    });

    await mkdir(path.join(work, 'media'));
    for (const [i, key] of manifest.media.entries()) {
      const object = await storage.get(key);
      if (!object) throw new BackupError(`media file ${key} is in the database but not in storage`);
      await pipeline(object.body, createWriteStream(path.join(work, 'media', key)));
      if ((i + 1) % 50 === 0 || i + 1 === manifest.media.length) {
        progress(`media ${i + 1}/${manifest.media.length}`);
      }
    }
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await tar.c({ gzip: true, file, cwd: work, portable: true }, ['manifest.json', 'db', 'media']);
    progress(`wrote ${file} (${(await stat(file)).size} bytes)`);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Loads a backup into this database, which must be at the backup's migration or later and
 * empty unless `replace` is set (then everything in it is removed first). All tables load in
 * one transaction: a failed restore leaves the database as it was.
 */
export async function restoreBackup(
  pool: Pool,
  storage: Storage,
  file: string,
  { replace = false }: { replace?: boolean } = {},
  progress: Progress = () => {},
): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'chamber-restore-'));
  try {
    await tar.x({ file, cwd: work, strict: true });
    const manifest = JSON.parse(
      await readFile(path.join(work, 'manifest.json'), 'utf8'),
    ) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(`unknown backup format ${String(manifest.format)}`);
    }
    const current = await appliedMigrations(pool);
    if (manifest.migrations > current) {
      throw new BackupError(
        `the backup is from a newer version (${manifest.migrations} migrations, this one has ${current}); upgrade the portal first`,
      );
    }

    await inTransaction(pool, 'begin', async (tx) => {
      const tables = await tablesInOrder(tx);
      const nonEmpty: string[] = [];
      for (const t of tables) {
        const { rows } = await tx.query<{ any: boolean }>(
          `select exists (select 1 from ${quoteIdent(t.name)}) as any`,
        );
        if (rows[0]?.any && !MIGRATION_FILLED_TABLES.has(t.name)) nonEmpty.push(t.name);
      }
      if (nonEmpty.length && !replace) {
        throw new BackupError(
          `the database is not empty (${nonEmpty.join(', ')}); restore into an empty database, or pass --replace to overwrite it`,
        );
      }
      const toClear = nonEmpty.length
        ? tables.map((t) => t.name)
        : tables.map((t) => t.name).filter((name) => MIGRATION_FILLED_TABLES.has(name));
      if (toClear.length) {
        await tx.query(`truncate ${toClear.map(quoteIdent).join(', ')} cascade`);
      }
      for (const [i, table] of manifest.tables.entries()) {
        const cols = table.columns.map(quoteIdent).join(', ');
        const insert = (rows: string[]) =>
          tx.query(
            `insert into ${quoteIdent(table.name)} (${cols}) select ${cols} from json_populate_recordset(null::${quoteIdent(table.name)}, $1::json)`,
            [`[${rows.join(',')}]`],
          );
        if (TRIGGER_FILLED_TABLES.has(table.name)) {
          await tx.query(`delete from ${quoteIdent(table.name)}`);
        }
        const lines = createInterface({
          input: createReadStream(path.join(work, 'db', `${table.name}.jsonl`)),
          crlfDelay: Infinity,
        });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length === BATCH) {
            await insert(batch);
            batch = [];
          }
        }
        if (batch.length) await insert(batch);
        progress(`tables ${i + 1}/${manifest.tables.length}: ${table.name} (${table.rows} rows)`);
      }
    });

    const files = await readdir(path.join(work, 'media'));
    for (const [i, key] of files.entries()) {
      await storage.put(key, await readFile(path.join(work, 'media', key)), contentTypeOf(key));
      if ((i + 1) % 50 === 0 || i + 1 === files.length) progress(`media ${i + 1}/${files.length}`);
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
