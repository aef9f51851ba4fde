import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migrations.js';

/**
 * The migration that made every contact a business with its people
 * (docs/decisions/0123-businesses-and-their-people.md), run on data written by the schema
 * before it: every id and link is kept, and each contact gets one primary person.
 */

let m: Awaited<ReturnType<typeof migrationDatabase>>;

beforeAll(async () => {
  m = await migrationDatabase('people-migration');
});

afterAll(async () => m?.close());

describe('migration: businesses and their people', () => {
  it('keeps every contact id and link, and gives each contact one primary person', async () => {
    await m.upTo('_businesses_and_people');
    expect(await m.rows(sql`select to_regclass('business_people') as t`)).toEqual([{ t: null }]);

    // Data as the schema before the migration wrote it: contacts with and without logins, a
    // login without a contact, an event's registrations and an invoice.
    await m.db.execute(sql`
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
    const [kept] = await m.rows(links);

    await m.through('_businesses_and_people');

    expect(await m.rows(links)).toEqual([kept]);
    const people = await m.rows(sql`
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
    await m.db.execute(sql`
      update users set contact_id = '00000000-0000-4000-8000-000000000002'
      where id = '00000000-0000-4000-8000-0000000000a9'`);
    expect(
      await m.rows(
        sql`select primary_user_id from contacts where id = '00000000-0000-4000-8000-000000000002'`,
      ),
    ).toEqual([{ primary_user_id: '00000000-0000-4000-8000-0000000000a9' }]);
  });
});
