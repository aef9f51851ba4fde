import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, contacts, type DbHandle } from '@chamber/db';
import { createTestDatabase } from '../test/app.js';
import { isAnyOf } from './sql-lists.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so that the statements it prepared can be read back on it.
  handle = connect(database.url, { max: 1 });
});
afterAll(async () => {
  await handle.close();
  await database.close();
});

const prepared = async () =>
  (
    await handle.pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    )
  ).rows;

it('parses each query once per connection, lists of any length included', async () => {
  for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
    await handle.db.select().from(contacts).where(eq(contacts.email, email));
  }
  for (const ids of [
    [],
    ['5f0c8a8e-6d7e-4a57-9a55-0d1f4c0d7c11'],
    Array(7).fill(crypto.randomUUID()),
  ]) {
    await handle.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(isAnyOf(contacts.id, ids, 'uuid'));
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select ${1}::int as one`);
  });

  const statements = await prepared();
  const byEmail = statements.filter((s) =>
    /from "contacts" where "contacts"."email" = \$1/.test(s.statement),
  );
  const byIds = statements.filter((s) =>
    /"contacts"."id" = any\(\$1::uuid\[\]\)/.test(s.statement),
  );
  expect(byEmail).toHaveLength(1);
  expect(byIds).toHaveLength(1);
  expect(byEmail[0]!.name).toMatch(/^s_[\w-]{27}$/);
  expect(statements.some((s) => s.statement === 'begin')).toBe(true);
});
