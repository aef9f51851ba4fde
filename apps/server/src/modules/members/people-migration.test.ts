import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, migrationsFolder } from '@chamber/db';

/**
 * The migration that made every contact a business with its people
 * (docs/decisions/0123-businesses-and-their-people.md), run on data written by the schema
 * before it: every id and link is kept, and each contact gets one primary person.
 */

interface Journal {
  entries: { tag: string }[];
}

let dir: string;
let handle: ReturnType<typeof connect>;
let adminUrl: URL;
let name: string;

/** A migrations folder holding the migrations up to (not including) `tag`, or through it. */
async function foldersAround(tag: string) {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
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
  return { before: await folder(at), through: await folder(at + 1) };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-people-migration-'));
  adminUrl = new URL(inject('pgAdminUrl'));
  name = `people_migration_${randomBytes(6).toString('hex')}`;
  const admin = connect(adminUrl.toString(), { max: 1 });
  await admin.pool.query(`create database "${name}"`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  handle = connect(url.toString(), { max: 1 });
});

afterAll(async () => {
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  (await handle.db.execute(query)).rows as Row[];

describe('migration: businesses and their people', () => {
  it('keeps every contact id and link, and gives each contact one primary person', async () => {
    const { before, through } = await foldersAround('_businesses_and_people');
    await migrate(handle.db, { migrationsFolder: before });
    expect(await rows(sql`select to_regclass('business_people') as t`)).toEqual([{ t: null }]);

    // Data as the schema before the migration wrote it: contacts with and without logins, a
    // login without a contact, an event's registrations and an invoice.
    await handle.db.execute(sql`
      insert into locations (id, name) values ('loc', 'Test Chamber');
      insert into calendars (id, location_id) values ('cal', 'loc');
      insert into contacts (id, first_name, last_name, business_name, email, phone)
      values
        ('00000000-0000-4000-8000-000000000001', 'Ada', 'Ferris', 'Ferris Farms', 'ada@farms.example', '801-555-0001'),
        ('00000000-0000-4000-8000-000000000002', 'Ben', 'Lowe', 'Lowe Law', 'ben@law.example', null),
        ('00000000-0000-4000-8000-000000000003', 'Cy', '', null, null, null);
      insert into users (id, email, password_hash, first_name, last_name, status, contact_id)
      values
        ('00000000-0000-4000-8000-0000000000a1', 'ada@farms.example', 'x', 'Ada', 'Ferris', 'active', '00000000-0000-4000-8000-000000000001'),
        ('00000000-0000-4000-8000-0000000000a9', 'visitor@elsewhere.example', 'x', 'Vi', 'Sitor', 'active', null);
      insert into events (id, calendar_id, title, start_time, end_time, contact_id, created_by)
      values ('00000000-0000-4000-8000-0000000000e1', 'cal', 'Mixer', now(), now() + interval '1 hour',
        '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1');
      insert into invoices (id, number, year, sequence, purpose, contact_id, bill_to, currency, total_cents, issued_on, due_on)
      values ('00000000-0000-4000-8000-0000000000f1', 'INV-2026-0001', 2026, 1, 'event_ticket',
        '00000000-0000-4000-8000-000000000002', '{"name":"Ben Lowe"}', 'usd', 2500, '2026-03-01', '2026-03-31');
      insert into event_registrations (id, event_id, name, email, user_id, invoice_id)
      values
        ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000e1', 'Ada Ferris', 'ada@farms.example', '00000000-0000-4000-8000-0000000000a1', null),
        ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000e1', 'Ben Lowe', 'ben@law.example', null, '00000000-0000-4000-8000-0000000000f1');
    `);
    const links = sql`
      select
        (select json_agg(c.id order by c.id) from contacts c) as contacts,
        (select json_agg(json_build_array(u.id, u.contact_id) order by u.id) from users u) as users,
        (select json_agg(json_build_array(e.id, e.contact_id, e.created_by)) from events e) as events,
        (select json_agg(json_build_array(i.id, i.contact_id) order by i.id) from invoices i) as invoices,
        (select json_agg(json_build_array(r.id, r.event_id, r.user_id, r.invoice_id) order by r.id)
           from event_registrations r) as registrations`;
    const [kept] = await rows(links);

    await migrate(handle.db, { migrationsFolder: through });

    expect(await rows(links)).toEqual([kept]);
    const people = await rows(sql`
      select p.contact_id, p.user_id, p.role, p.first_name, p.last_name, p.email, p.phone,
        c.primary_user_id
      from business_people p join contacts c on c.id = p.contact_id
      order by p.contact_id`);
    expect(people).toEqual([
      {
        contact_id: '00000000-0000-4000-8000-000000000001',
        user_id: '00000000-0000-4000-8000-0000000000a1',
        role: 'primary',
        first_name: 'Ada',
        last_name: 'Ferris',
        email: 'ada@farms.example',
        phone: '801-555-0001',
        primary_user_id: '00000000-0000-4000-8000-0000000000a1',
      },
      {
        contact_id: '00000000-0000-4000-8000-000000000002',
        user_id: null,
        role: 'primary',
        first_name: 'Ben',
        last_name: 'Lowe',
        email: 'ben@law.example',
        phone: null,
        primary_user_id: null,
      },
      {
        contact_id: '00000000-0000-4000-8000-000000000003',
        user_id: null,
        role: 'primary',
        first_name: 'Cy',
        last_name: '',
        email: null,
        phone: null,
        primary_user_id: null,
      },
    ]);

    // After it, the triggers keep the same rules: a new contact gets its primary person, and a
    // login set to act for a business whose primary person has no sign-in becomes that person.
    await handle.db.execute(sql`
      update users set contact_id = '00000000-0000-4000-8000-000000000002'
      where id = '00000000-0000-4000-8000-0000000000a9'`);
    expect(
      await rows(
        sql`select primary_user_id from contacts where id = '00000000-0000-4000-8000-000000000002'`,
      ),
    ).toEqual([{ primary_user_id: '00000000-0000-4000-8000-0000000000a9' }]);
  });
});
