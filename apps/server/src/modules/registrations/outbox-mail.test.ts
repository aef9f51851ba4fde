import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList, RetryMailResponse } from '@chamber/contract';
import { eventRegistrations, events, mailOutbox } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createdEvent,
  createSeries,
  register,
  registerSeries,
  runSeatOffers,
  startCalendarApp,
} from '../../test/calendar.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';
import { settleAllSeats } from './seat-offers.js';

/**
 * Each mail moved onto the outbox is written in the transaction of the change that calls for
 * it: a change rolled back queues nothing, and a change committed is mailed from its row alone
 * (nothing waits in the process's memory), once.
 */
let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());
afterEach(() => outbox.undo());

const outbox = outboxChecks(
  () => ctx,
  () => smtp,
);
const { rowsOf, refuseAtCommit } = outbox;

describe('a registration for every date of a series', () => {
  it('is mailed from the outbox, written with the registrations', async () => {
    const first = await createSeries(ctx, people.owner.token, {
      title: 'Outbox Breakfast',
      // Mar 3 and 10 have started by the clock's Mar 10, 17:00 UTC: three dates are left.
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=5',
    });
    await outbox.mailedFromTheOutboxOnly(
      'series-registration',
      { subject: "You're registered for 3 dates: Outbox Breakfast" },
      async () => {
        const res = await registerSeries(
          ctx,
          first.id,
          { name: 'Sam Series', email: 'sam@series.example', numberOfGuests: 1 },
          '198.18.40.1',
        );
        expect(res.statusCode).toBe(201);
      },
    );
  });

  it('queues nothing when the registrations roll back', async () => {
    const first = await createSeries(ctx, people.owner.token, {
      title: 'Rolled Breakfast',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    });
    const before = (await rowsOf('series-registration')).length;
    await refuseAtCommit('series-registration');
    const res = await registerSeries(
      ctx,
      first.id,
      { name: 'Ria Rolled', email: 'ria@series.example', numberOfGuests: 1 },
      '198.18.40.2',
    );
    expect(res.statusCode).toBe(500);
    const stored = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, 'ria@series.example'));
    expect(stored).toHaveLength(0);
    expect(await rowsOf('series-registration')).toHaveLength(before);
  });
});

describe('seats offered by the seat-offers job', () => {
  /** A full event with one party waiting, then a seat more: the job offers it. */
  async function waitingParty(title: string, email: string, ip: string) {
    const event = await createdEvent(ctx, people.owner.token, { title, capacity: 1 });
    const full = await register(
      ctx,
      event.id,
      { name: 'Fay First', email: `first-${email}`, numberOfGuests: 1 },
      { remoteAddress: `${ip}1` },
    );
    expect(full.statusCode).toBe(201);
    const waiting = await register(
      ctx,
      event.id,
      { name: 'Wes Waiting', email, numberOfGuests: 1 },
      { remoteAddress: `${ip}2` },
    );
    expect(waiting.json()).toMatchObject({ registration: { seatStatus: 'waitlisted' } });
    await ctx.app.flushMail();
    await ctx.db.update(events).set({ capacity: 2 }).where(eq(events.id, event.id));
    return event;
  }

  it('are mailed from the outbox, written with the offer', async () => {
    await waitingParty('Offer Lunch', 'wes@offers.example', '198.18.41.');
    await outbox.mailedFromTheOutboxOnly(
      'seat-offer',
      { subject: 'Seats are free for you: Offer Lunch' },
      async () => {
        expect(await runSeatOffers(ctx)).toBe('completed');
      },
    );
  });

  it('queue nothing when the offer rolls back', async () => {
    await waitingParty('Rolled Lunch', 'wil@offers.example', '198.18.42.');
    const before = (await rowsOf('seat-offer')).length;
    await refuseAtCommit('seat-offer');
    // The job's own work, once (the job runner would try it again later).
    await expect(settleAllSeats({ db: ctx.db, now: ctx.clock.now() })).rejects.toThrow(/commit/);
    const [stored] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, 'wil@offers.example'));
    expect(stored!.seatStatus).toBe('waitlisted');
    expect(await rowsOf('seat-offer')).toHaveLength(before);
  });
});

describe('staff and the mail that failed', () => {
  it('list it with its recipient, subject and error, and put one back in line once', async () => {
    // A seat offer the mail server refused for good, as its last attempt left it.
    const [row] = await ctx.db
      .insert(mailOutbox)
      .values({
        kind: 'seat-offer',
        params: { targetId: 'gone', registrationId: 'gone' },
        state: 'failed',
        attempts: 8,
        lastError: '550 5.1.1 no such mailbox',
        recipient: 'nobody@offers.example',
        subject: 'Seats are free for you: Gone Lunch',
        nextAttemptAt: ctx.clock.now(),
        createdAt: ctx.clock.now(),
      })
      .returning();
    const auth = { authorization: `Bearer ${people.admin.token}` };
    const list = await ctx.app.inject({
      url: '/api/admin/mail?status=failed&limit=5',
      headers: auth,
    });
    expect(list.statusCode).toBe(200);
    const body = list.json<OutboxList>();
    expect(body.mails[0]).toMatchObject({
      id: row!.id,
      kind: 'seat-offer',
      state: 'failed',
      recipient: 'nobody@offers.example',
      subject: 'Seats are free for you: Gone Lunch',
      attempts: 8,
      lastError: '550 5.1.1 no such mailbox',
    });
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.pagination.total).toBe(body.counts.failed);

    const retry = () =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/mail/${row!.id}/retry`, headers: auth });
    const first = await retry();
    expect(first.statusCode).toBe(200);
    expect(first.json<RetryMailResponse>().mail).toMatchObject({ state: 'pending', attempts: 0 });
    // Back in line: no longer failed, so not retried twice.
    expect((await retry()).statusCode).toBe(409);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/mail/4f6d2a51-8f0c-4a55-9d0e-3c9b1a7e2f10/retry',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: '/api/admin/mail?status=lost', headers: auth });
    expect(bad.statusCode).toBe(400);
    // Its registration is gone: the outbox skips it rather than mailing anyone.
    await ctx.app.flushMail();
    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after!.state).toBe('skipped');
  });
});
