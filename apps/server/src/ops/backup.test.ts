import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, contacts, events, chambers, media, membershipPlans, users } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { DiskStorage } from '../lib/disk-storage.js';
import {
  createTestApp,
  createTestDatabase,
  createTestUser,
  signIn,
  type TestContext,
} from '../test/app.js';
import { dataUrl, makeImage, upload } from '../test/members.js';
import { readFile, writeFile } from 'node:fs/promises';
import * as tar from 'tar';
import { BackupError, createBackup, restoreBackup } from './backup.js';

let ctx: TestContext;
let dir: string;
let archive: string;

beforeAll(async () => {
  ctx = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-backup-test-'));
  archive = path.join(dir, 'backup.tar.gz');
  await ctx.db.insert(chambers).values({ id: 'riverton', name: 'Riverton Chamber' });
  await ctx.db.insert(calendars).values({ id: 'racc', locationId: 'riverton' });
  const user = await createTestUser(ctx.db, {
    contact: {
      businessName: 'Quarry Cafe',
      specialties: ['Coffee', 'Pie, "fresh"\ttabbed\\slash'],
    },
  });
  await createEvent(ctx.db, {
    calendarId: 'racc',
    title: 'Luncheon\nwith a second line',
    contactId: user.contactId!,
  });
  const token = await signIn(ctx, user.email);
  const res = await upload(
    ctx,
    'avatar',
    { contactId: user.contactId!, fileData: dataUrl(await makeImage('png')) },
    token,
  );
  expect(res.statusCode).toBe(201);
  // The chamber's own price, which a restore must bring over the migration's default.
  await ctx.db
    .update(membershipPlans)
    .set({ priceCents: 61_500 })
    .where(eq(membershipPlans.level, 'enhanced'));
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

const snapshot = async (db: TestContext['db']) => ({
  contacts: await db.select().from(contacts).orderBy(asc(contacts.id)),
  users: await db.select().from(users).orderBy(asc(users.id)),
  events: await db.select().from(events).orderBy(asc(events.id)),
  media: await db.select().from(media).orderBy(asc(media.id)),
  plans: await db.select().from(membershipPlans).orderBy(asc(membershipPlans.level)),
});

describe('backup and restore', () => {
  it('gives back the same members, events and media in an empty database', async () => {
    const storage = new DiskStorage(path.join(ctx.dataDir, 'media'));
    const lines: string[] = [];
    const manifest = await createBackup(ctx.pool, storage, archive, (l) => lines.push(l));
    expect(manifest.media).toHaveLength(1);
    expect(lines.some((l) => /^tables \d+\/\d+: contacts \(1 rows\)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^wrote .*backup\.tar\.gz \(\d+ bytes\)$/);

    const target = await createTestDatabase();
    const targetStorage = new DiskStorage(path.join(dir, 'restored-media'));
    try {
      await restoreBackup(target.pool, targetStorage, archive);
      expect(await snapshot(target.db)).toEqual(await snapshot(ctx.db));
      const key = manifest.media[0]!;
      const original = await buffer((await storage.get(key))!.body);
      const restored = await buffer((await targetStorage.get(key))!.body);
      expect(restored.equals(original)).toBe(true);

      // A second restore refuses to mix into data, unless told to replace it.
      await expect(restoreBackup(target.pool, targetStorage, archive)).rejects.toThrow(BackupError);
      await restoreBackup(target.pool, targetStorage, archive, { replace: true });
      expect((await snapshot(target.db)).contacts).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('leaves the database as it was when a restore fails, and refuses newer backups', async () => {
    // Break one row of the last table: everything before it must be rolled back too.
    const unpacked = path.join(dir, 'unpacked');
    await mkdir(unpacked, { recursive: true });
    await tar.x({ file: archive, cwd: unpacked });
    await writeFile(path.join(unpacked, 'db', 'media.jsonl'), '{"id":"not-a-uuid"}\n');
    const broken = path.join(dir, 'broken.tar.gz');
    await tar.c({ gzip: true, file: broken, cwd: unpacked }, ['manifest.json', 'db', 'media']);

    const target = await createTestDatabase();
    try {
      const storage = new DiskStorage(path.join(dir, 'broken-media'));
      await expect(restoreBackup(target.pool, storage, broken)).rejects.toThrow(/uuid/);
      expect((await snapshot(target.db)).contacts).toEqual([]);

      const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
      await writeFile(
        path.join(unpacked, 'manifest.json'),
        JSON.stringify({ ...manifest, migrations: 999 }),
      );
      const newer = path.join(dir, 'newer.tar.gz');
      await tar.c({ gzip: true, file: newer, cwd: unpacked }, ['manifest.json', 'db', 'media']);
      await expect(restoreBackup(target.pool, storage, newer)).rejects.toThrow(
        /the backup is from a newer version/,
      );
    } finally {
      await target.close();
    }
  });
});
