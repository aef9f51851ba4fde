import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createAppointment,
  createdEvent,
  createPayload,
  createSeries,
  deleteAppointment,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';

/**
 * The mail about what happens to an event is written to the outbox in the transaction of the
 * calendar's change, one row per recipient: a change rolled back mails nobody, and a change
 * committed is mailed from its row alone, even once the event and its registrations are gone.
 */
let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

const outbox = outboxChecks(
  () => ctx,
  () => smtp,
);
afterEach(() => outbox.undo());

/** An event with one registrant (confirmed and mailed); answers the event. */
async function eventWithGuest(title: string, email: string, overrides = {}) {
  const event = await createdEvent(ctx, people.owner.token, { title, ...overrides });
  const res = await register(ctx, event.id, { name: 'Robin Hale', email, numberOfGuests: 1 });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.flushMail();
  return event;
}

const stored = async (title: string) => ctx.db.select().from(events).where(eq(events.title, title));
const registrationsOf = (email: string) =>
  ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));

/** The METHOD each calendar part of a mail names, in order. */
const icsMethods = (mail: ParsedMail) =>
  mail.attachments
    .filter((a) => a.filename?.endsWith('.ics'))
    .map((a) => /METHOD:(\w+)/.exec(a.content.toString('utf8'))?.[1]);

/**
 * The change, made while every transaction that queues mail of `kind` fails at commit: it
 * answers 500 and queues nothing (the caller checks that the change itself did not stay).
 */
async function rolledBack(kind: string, change: () => Promise<{ statusCode: number }>) {
  const before = (await outbox.rowsOf(kind)).length;
  await outbox.refuseAtCommit(kind);
  expect((await change()).statusCode).toBe(500);
  expect(await outbox.rowsOf(kind)).toHaveLength(before);
}

describe('the organizer’s notice of a new event', () => {
  it('is mailed from the outbox, written with the event', async () => {
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-published',
      { subject: 'On the calendar: Outbox Gala', to: people.owner.user.email },
      async () => {
        await createdEvent(ctx, people.owner.token, { title: 'Outbox Gala', toNotify: true });
      },
    );
    expect(mail.text).toContain('Outbox Gala is now on the chamber calendar');
    expect(mail.attachments[0]!.filename).toBe('Outbox Gala.ics');
  });

  it('is not queued, nor the event created, when the transaction rolls back', async () => {
    await rolledBack('event-published', () =>
      createAppointment(
        ctx,
        createPayload({ title: 'Rolled Gala', toNotify: true }),
        people.owner.token,
      ),
    );
    expect(await stored('Rolled Gala')).toHaveLength(0);
  });
});

describe('"Send notification emails" on an edit that changes no time or place', () => {
  it('mails each registrant from the outbox, written with the edit', async () => {
    const event = await eventWithGuest('Outbox Mixer', 'mixer@outbox.example');
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-updated',
      { subject: 'Event updated: Outbox Mixer', to: 'mixer@outbox.example' },
      async () => {
        const res = await updateAppointment(
          ctx,
          event.id,
          { description: 'Now with a raffle.', toNotify: true },
          people.owner.token,
        );
        expect(res.statusCode).toBe(200);
      },
    );
    expect(mail.text).toContain('Outbox Mixer, which you registered for, has changed.');
    expect(icsMethods(mail)).toEqual(['PUBLISH']);
  });

  it('is not queued when the edit rolls back', async () => {
    const event = await eventWithGuest('Rolled Mixer', 'rolled-mixer@outbox.example');
    await rolledBack('event-updated', () =>
      updateAppointment(
        ctx,
        event.id,
        { description: 'Now with a raffle.', toNotify: true },
        people.owner.token,
      ),
    );
    expect((await stored('Rolled Mixer'))[0]!.description).not.toBe('Now with a raffle.');
  });
});

describe('a change notice', () => {
  it('is mailed from the outbox, written with the edit', async () => {
    const event = await eventWithGuest('Outbox Lunch', 'lunch@outbox.example');
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-change',
      { subject: 'Event updated: Outbox Lunch', to: 'lunch@outbox.example' },
      async () => {
        const res = await updateAppointment(
          ctx,
          event.id,
          { location: 'Riverton Senior Center' },
          people.owner.token,
        );
        expect(res.statusCode).toBe(200);
      },
    );
    expect(mail.text).toContain(
      'Place: Riverton City Hall, 12830 S Redwood Rd, Riverton, UT → Riverton Senior Center',
    );
    expect(icsMethods(mail)).toEqual(['REQUEST']);
  });

  it('carries the entry a split replaced, from its row alone', async () => {
    const series = await createSeries(ctx, people.owner.token, { title: 'Outbox Breakfast' });
    const master = series.masterEventId!;
    const res = await register(ctx, `${master}_20260331T133000Z`, {
      name: 'Sam Split',
      email: 'split@outbox.example',
      numberOfGuests: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.flushMail();
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-change',
      { subject: 'Event updated: Outbox Breakfast', to: 'split@outbox.example' },
      async () => {
        // From March 24 on: the dates from then form a series of their own, another UID.
        const edit = await updateAppointment(
          ctx,
          `${master}_20260324T133000Z`,
          {
            location: 'Riverton Senior Center',
            recurringEventUpdateType: 'this_and_following_events',
          },
          people.owner.token,
        );
        expect(edit.statusCode, edit.body).toBe(200);
      },
    );
    expect(mail.text).toContain('one adds the event as it is listed now');
    // The new entry, and a CANCEL of the entry the confirmation made, under the old UID.
    expect(icsMethods(mail)).toEqual(['REQUEST', 'CANCEL']);
    const earlier = mail.attachments[1]!;
    expect(earlier.filename).toBe('Outbox Breakfast earlier entry.ics');
    expect(earlier.content.toString('utf8')).toContain(`UID:${master}@portal.example`);
  });

  it('is skipped when the registration is cancelled before its turn', async () => {
    const event = await eventWithGuest('Outbox Supper', 'supper@outbox.example');
    const earlier = new Set((await outbox.rowsOf('event-change')).map((r) => r.id));
    await ctx.app.outbox.stop(5_000);
    const before = smtp.received.length;
    const res = await updateAppointment(
      ctx,
      event.id,
      { location: 'Riverton Senior Center' },
      people.owner.token,
    );
    expect(res.statusCode).toBe(200);
    await ctx.db
      .delete(eventRegistrations)
      .where(eq(eventRegistrations.email, 'supper@outbox.example'));
    ctx.app.outbox.start();
    await ctx.app.flushMail();
    expect(smtp.received.slice(before)).toEqual([]);
    const added = (await outbox.rowsOf('event-change')).filter((r) => !earlier.has(r.id));
    expect(added.map((r) => [r.state, r.recipient])).toEqual([['skipped', null]]);
  });

  it('is not queued when the edit rolls back', async () => {
    const event = await eventWithGuest('Rolled Lunch', 'rolled-lunch@outbox.example');
    await rolledBack('event-change', () =>
      updateAppointment(ctx, event.id, { location: 'Riverton Senior Center' }, people.owner.token),
    );
    expect((await stored('Rolled Lunch'))[0]!.location).not.toBe('Riverton Senior Center');
  });
});

describe('the cancellation of a deleted event', () => {
  it('is mailed from its row alone once the event and the registration are gone', async () => {
    const event = await eventWithGuest('Outbox Picnic', 'picnic@outbox.example');
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-cancelled',
      { subject: 'Cancelled: Outbox Picnic', to: 'picnic@outbox.example' },
      async () => {
        expect((await deleteAppointment(ctx, event.id, people.owner.token)).statusCode).toBe(200);
        expect(await stored('Outbox Picnic')).toHaveLength(0);
        expect(await registrationsOf('picnic@outbox.example')).toHaveLength(0);
      },
    );
    expect(mail.text).toContain('Hi Robin,');
    expect(mail.text).toContain('Where: Riverton City Hall');
    expect(icsMethods(mail)).toEqual(['CANCEL']);
    expect(mail.attachments[0]!.content.toString('utf8')).toContain('STATUS:CANCELLED');
  });

  it('is not queued, nor the event deleted, when the deletion rolls back', async () => {
    const event = await eventWithGuest('Rolled Picnic', 'rolled-picnic@outbox.example');
    await rolledBack('event-cancelled', () => deleteAppointment(ctx, event.id, people.owner.token));
    expect(await stored('Rolled Picnic')).toHaveLength(1);
    expect(await registrationsOf('rolled-picnic@outbox.example')).toHaveLength(1);
  });
});
