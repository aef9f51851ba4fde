import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migrations.js';

/**
 * The migration that made ambassadors people: a business that was an ambassador becomes its
 * primary person, and its other people do not.
 */

let m: Awaited<ReturnType<typeof migrationDatabase>>;

beforeAll(async () => {
  m = await migrationDatabase('ambassadors-migration');
});

afterAll(async () => m?.close());

describe('migration: ambassadors are people', () => {
  it("makes each ambassador business's primary person the ambassador", async () => {
    await m.upTo('_ambassadors_are_people');
    // Two businesses (each gets its primary person from the trigger), one with an employee too.
    await m.db.execute(sql`
      insert into contacts (id, first_name, last_name, business_name, email)
      values
        ('00000000-0000-4000-8000-000000000001', 'Ada', 'Ferris', 'Ferris Farms', 'ada@farms.example'),
        ('00000000-0000-4000-8000-000000000002', 'Ben', 'Lowe', 'Lowe Law', 'ben@law.example');
      insert into business_people (id, contact_id, role, first_name, last_name, email)
      values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001',
        'employee', 'Cy', 'Hand', 'cy@farms.example');
      insert into celebration_ambassadors (contact_id)
      values ('00000000-0000-4000-8000-000000000001');
    `);

    await m.through('_ambassadors_are_people');

    expect(
      await m.rows(sql`
        select p.contact_id, p.role, p.first_name
        from celebration_ambassadors a join business_people p on p.id = a.person_id`),
    ).toEqual([
      { contact_id: '00000000-0000-4000-8000-000000000001', role: 'primary', first_name: 'Ada' },
    ]);
    // A person leaving the business takes their ambassadorship with them.
    await m.db.execute(sql`
      delete from business_people where contact_id = '00000000-0000-4000-8000-000000000001'`);
    expect(await m.rows(sql`select * from celebration_ambassadors`)).toEqual([]);
  });
});
