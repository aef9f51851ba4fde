// The dues and seats scenarios: the membership-dues job's run over every membership with its
// mails going from the outbox to a real SMTP peer, and the events the seat scenarios load (one with a capacity
// to register for, one of 500 seats taken for its check-in list).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './portal.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const { SMTPServer } = serverRequire('smtp-server');
const PgBoss = serverRequire('pg-boss');

/** The database package's build: the embedded cluster's address and a connection pool. */
export async function database(dataDir) {
  const db = await import(pathToFileURL(path.join(root, 'packages/db/dist/index.js')).href);
  const url = await db.runningClusterUrl(path.join(dataDir, 'postgres'), 'chamber');
  return { url, ...db.connect(url, { max: 2 }) };
}

/** A real SMTP server on loopback that takes every message (and counts them) and keeps none. */
export async function startMailSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Sends one run of the membership-dues job into the portal's queue, as its hourly schedule
 * does, and waits for the portal to finish it. Answers the run's own duration (started to
 * completed, as pg-boss recorded them in the portal) and what it reported.
 */
export async function runDuesJobOnce(dbUrl, timeoutMs = 10 * 60_000) {
  const boss = new PgBoss({
    connectionString: dbUrl,
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => {});
  await boss.start();
  try {
    const sentAt = Date.now();
    const id = await boss.send('membership-dues', {});
    for (;;) {
      const job = await boss.getJobById('membership-dues', id);
      if (job?.state === 'completed') {
        return {
          seconds: (job.completedOn - job.startedOn) / 1000,
          queuedSeconds: (job.startedOn - sentAt) / 1000,
          report: job.output,
        };
      }
      if (job && ['failed', 'cancelled'].includes(job.state)) {
        throw new Error(`the membership-dues run ${job.state}: ${JSON.stringify(job.output)}`);
      }
      if (Date.now() - sentAt > timeoutMs) throw new Error('the membership-dues run did not end');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** Memberships by status, and the dues mails queued and sent. */
export async function duesCounts(pool) {
  const { rows } = await pool.query(
    `select (select count(*)::int from memberships) as memberships,
            (select count(*)::int from dues_notices) as notices,
            (select count(*)::int from dues_notices where mailed_at is not null) as mailed`,
  );
  return rows[0];
}

/**
 * Waits until the outbox has sent (or failed) every dues mail the run queued: they go out
 * from the outbox after the run, not during it. Answers how many were sent and failed.
 */
export async function duesMailSent(pool, timeoutMs = 10 * 60_000) {
  const startedAt = Date.now();
  for (;;) {
    const { rows } = await pool.query(
      `select count(*) filter (where state in ('pending', 'sending'))::int as waiting,
              count(*) filter (where state = 'sent')::int as sent,
              count(*) filter (where state = 'failed')::int as failed
       from mail_outbox where kind = 'dues-notice'`,
    );
    const { waiting, sent, failed } = rows[0];
    if (waiting === 0) return { sent, failed, seconds: (Date.now() - startedAt) / 1000 };
    if (Date.now() - startedAt > timeoutMs) throw new Error(`${waiting} dues mails still wait`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The data version (migration 0008): kept answers are computed again when it moves. */
export async function dataVersion(pool) {
  const { rows } = await pool.query('select version from data_version where id = 1');
  return Number(rows[0].version);
}

/**
 * The seat scenarios' events, written straight to the database (setting up, not measured):
 * `capacity` seats to register for, and a 500-seat event with 500 parties of one, every
 * other one checked in, for its check-in list.
 */
/**
 * The events the seat scenarios load. `orders: false` leaves out the ticket types' event, so
 * the harness can also load a build from before ticket types (--app).
 */
export async function seatEvents(pool, capacity, { orders = true } = {}) {
  const event = async (title, seats) => {
    const { rows } = await pool.query(
      `insert into events (calendar_id, title, start_time, end_time, capacity, appointment_status)
       values ('racc-events', $1, now() + interval '20 days', now() + interval '20 days 2 hours', $2, 'confirmed')
       returning id`,
      [title, seats],
    );
    return rows[0].id;
  };
  const registerFor = await event('Bench luncheon (registration under load)', capacity);
  const door = await event('Bench gala (500 seats)', 500);
  await pool.query(
    `insert into event_registrations (event_id, name, email, guests, seat_status, checked_in_at)
     select $1, 'Guest ' || lpad(i::text, 3, '0'), 'gala' || i || '@bench.example', 1, 'confirmed',
            case when i % 2 = 0 then now() end
     from generate_series(1, 500) i`,
    [door],
  );
  if (!orders) return { registerFor, door, orderFor: null, types: null };
  const orderFor = await event('Bench dinner (orders by ticket type)', capacity);
  const type = async (name, quantity, seatsPerTicket, sortOrder) => {
    const { rows } = await pool.query(
      `insert into event_ticket_types (event_id, name, member_price_cents, price_cents, quantity, per_order_limit, seats_per_ticket, sort_order)
       values ($1, $2, null, null, $3, 4, $4, $5) returning id`,
      [orderFor, name, quantity, seatsPerTicket, sortOrder],
    );
    return rows[0].id;
  };
  // Tables sell out first (10 of 8 seats), then the single seats fill what the event has left.
  const types = {
    table: await type('Table of 8', 10, 8, 0),
    seat: await type('Single seat', null, 1, 1),
  };
  return { registerFor, door, orderFor, types };
}

/**
 * What the orders under load left, counted in the database: the event's seats taken, and for
 * each ticket type the tickets its confirmed orders hold against its quantity and its `sold`.
 */
export async function ticketsTaken(pool, eventId) {
  const seats = await seatsTaken(pool, eventId);
  const { rows } = await pool.query(
    `select t.name, t.quantity, t.sold,
            coalesce(sum(l.quantity) filter (where r.seat_status in ('confirmed', 'offered', 'held')), 0)::int as held
     from event_ticket_types t
     left join event_order_lines l on l.type_id = t.id
     left join event_registrations r on r.id = l.registration_id
     where t.event_id = $1
     group by t.id
     order by t.sort_order`,
    [eventId],
  );
  return { ...seats, types: rows };
}

/** Seats taken at the end: what no overbooking is checked on. */
export async function seatsTaken(pool, eventId) {
  const { rows } = await pool.query(
    `select coalesce(sum(guests) filter (where seat_status in ('confirmed', 'offered', 'held')), 0)::int as seated,
            count(*) filter (where seat_status = 'waitlisted')::int as waiting,
            count(*)::int as registrations
     from event_registrations where event_id = $1`,
    [eventId],
  );
  return rows[0];
}

let sequence = 0;
/**
 * A registration request for autocannon: each one another person (email) from another address
 * behind the trusted loopback proxy, so the per-email and per-client throttles stay out of the
 * way; parties of one to four.
 */
export function registrationRequest(eventId) {
  return {
    method: 'POST',
    path: `/api/calendars/appointments/${eventId}/registrations`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      sequence += 1;
      const i = sequence;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({
          name: `Bench Guest ${i}`,
          email: `guest${i}@bench.example`,
          numberOfGuests: 1 + (i % 4),
        }),
      };
    },
  };
}

/**
 * An order for autocannon, each from another person and address: one table of 8 (every fifth
 * order) or one to three single seats, each seat named; an order that no longer fits waits on
 * the list, as a buyer who ticks 'Join the waiting list' does.
 */
export function orderRequest(eventId, types) {
  return {
    method: 'POST',
    path: `/api/events/${eventId}/orders`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      sequence += 1;
      const i = sequence;
      const table = i % 5 === 0;
      const quantity = table ? 1 : 1 + (i % 3);
      const typeId = table ? types.table : types.seat;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({
          items: [{ typeId, quantity }],
          attendees: Array.from({ length: table ? 2 : quantity }, (_, n) => ({
            typeId,
            name: `Bench Diner ${i}-${n + 1}`,
          })),
          joinWaitingList: true,
          buyer: { name: `Bench Buyer ${i}`, email: `buyer${i}@bench.example` },
        }),
      };
    },
  };
}
