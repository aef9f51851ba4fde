import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app.js';

// An occurrence's registrations are read through an index whatever their state: counting,
// listing and exporting them must not cost a read of every registration the chamber ever took
// (a benchmark at four times the data found a registration's database time grew with the table).

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The plan's node types and index names, for a query over an occurrence's registrations. */
async function planOf(where: string): Promise<string> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    // A handful of rows would be read sequentially anyway: ask what the planner can use.
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select count(*), sum(guests) from event_registrations where ${where}`,
      ['00000000-0000-4000-8000-000000000001', ''],
    );
    await client.query('rollback');
    return JSON.stringify(rows[0]!['QUERY PLAN']);
  } finally {
    client.release();
  }
}

describe("an occurrence's registrations", () => {
  it('are found through an index, in any seat state', async () => {
    const plan = await planOf('event_id = $1 and occurrence_key = $2');
    expect(plan).not.toContain('Seq Scan');
    expect(plan).toContain('event_registrations_occurrence_idx');
  });

  it('are found through an index when only the confirmed are asked for', async () => {
    const plan = await planOf(
      "event_id = $1 and occurrence_key = $2 and seat_status = 'confirmed'",
    );
    expect(plan).not.toContain('Seq Scan');
  });
});
