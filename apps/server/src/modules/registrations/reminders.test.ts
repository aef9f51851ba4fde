import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import { eventRegistrations, eventReminders, events } from '@chamber/db';
import type { JobRunner } from '../../background/runner.js';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createdEvent,
  createSeries,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import { startRunner, waitForRun } from '../../test/jobs.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';
import { eventRemindersJob } from '../../background/event-reminders.js';
import { queueReminders } from './reminders.js';

const HOUR = 3_600_000;

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
let runner: JobRunner;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
  // The job runs when a test sends it, never on its schedule: a run at a wall-clock minute
  // could take a reminder a test is about to count (the schedule is server.test.ts's).
  runner = await startRunner({
    url: ctx.url,
    db: ctx.db,
    clock: ctx.clock,
    config: ctx.config,
    mail: ctx.app.mail,
    definitions: [{ ...eventRemindersJob, cron: undefined }],
  });
});
afterAll(async () => {
  await runner.stop();
  await close();
});

const deps = () => ({ db: ctx.db, clock: ctx.clock });

/** Every mail that the step sends, once all of it has gone out. */
const mailsOf = (step: () => Promise<unknown>) => smtp.sentDuring(() => ctx.app.flushMail(), step);

/** Runs the job through the queue, as its schedule does; returns what it reported. */
async function runJob() {
  const run = await waitForRun(ctx.db, await runner.send('event-reminders'));
  expect(run.state, run.error ?? '').toBe('completed');
  return run.output;
}

async function registerFor(id: string, email: string) {
  const mails = await mailsOf(async () => {
    const res = await register(ctx, id, { name: 'Robin Guest', email, numberOfGuests: '2' });
    expect(res.statusCode, res.body).toBe(201);
  });
  // The confirmation answers the registrant's own action: no Auto-Submitted (RFC 3834).
  expect(mails.map((m) => m.headers.get('auto-submitted') ?? 'none')).toEqual(['none']);
}

describe('reminders', () => {
  it('are scheduled every five minutes', () => {
    expect(eventRemindersJob.cron).toBe('*/5 * * * *');
  });

  it('go 24 hours before, once, with the place, the .ics and a manage link that works', async () => {
    // Now is March 10, 17:00 UTC; the luncheon is March 12, 18:00 UTC.
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Reminded Luncheon',
      startTime: '2026-03-12T18:00:00.000Z',
      endTime: '2026-03-12T19:00:00.000Z',
    });
    expect(event.reminderHours).toBe(24);
    await registerFor(event.id, 'robin@example.org');

    expect(await mailsOf(runJob)).toEqual([]);
    ctx.clock.advance(25 * HOUR - 60_000); // March 11, 17:59: not yet.
    expect(await mailsOf(runJob)).toEqual([]);
    ctx.clock.advance(60_000); // 18:00, 24 hours before.
    let output: unknown;
    const mails = await mailsOf(async () => (output = await runJob()));
    expect(output).toEqual({ queued: 1 });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect((mail!.to as { text: string }).text).toBe('robin@example.org');
    expect(mail!.subject).toBe('Reminder: Reminded Luncheon');
    // Sent by the job on its own initiative, and it says so: auto-responders leave it alone.
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.text).toContain('When: Thursday, March 12, 2026, 12:00 PM to 1:00 PM MDT');
    expect(mail!.text).toContain('Where: Riverton City Hall, 12830 S Redwood Rd, Riverton, UT');
    expect(mail!.text).toContain('Party size: 2');
    expect(mail!.text).toContain(`https://portal.example/events/${event.id}`);
    const ics = mail!.attachments.find((a) => a.filename === 'Reminded Luncheon.ics')!;
    const vevent = new ICAL.Component(ICAL.parse(ics.content.toString())).getFirstSubcomponent(
      'vevent',
    )!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}@portal.example`);
    const token = /registrations\/manage#token=([\w-]+)/.exec(mail!.text!)![1]!;
    const managed = await ctx.app.inject({
      url: '/api/registrations/manage',
      headers: { 'x-registration-token': token },
    });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().event.id).toBe(event.id);

    // Once: a later run sends nothing more.
    ctx.clock.advance(HOUR);
    expect(await mailsOf(runJob)).toEqual([]);
    ctx.clock.advance(-(26 * HOUR));
  });

  it('follow the event’s setting: hours before, or none', async () => {
    const early = await createdEvent(ctx, people.owner.token, {
      title: 'Two Days Ahead',
      startTime: '2026-03-13T18:00:00.000Z',
      endTime: '2026-03-13T19:00:00.000Z',
      reminderHours: 72,
    });
    const quiet = await createdEvent(ctx, people.owner.token, {
      title: 'No Reminder',
      startTime: '2026-03-11T18:00:00.000Z',
      endTime: '2026-03-11T19:00:00.000Z',
      reminderHours: null,
    });
    expect(quiet.reminderHours).toBeNull();
    await registerFor(early.id, 'early@example.org');
    await registerFor(quiet.id, 'quiet@example.org');
    ctx.clock.advance(HOUR); // March 10, 18:00: 72 hours before the first, 24 before the other.
    const mails = await mailsOf(runJob);
    expect(mails.map((m) => m.subject)).toEqual(['Reminder: Two Days Ahead']);
    const res = await updateAppointment(
      ctx,
      early.id,
      { reminderHours: 500 } as Partial<Appointment>,
      people.owner.token,
    );
    expect(res.statusCode).toBe(400);
    ctx.clock.advance(-HOUR);
  });

  it('remind an occurrence of a series at its own time', async () => {
    const series = await createSeries(ctx, people.owner.token, { title: 'Weekly Reminder' });
    const id = `${series.masterEventId}_20260317T133000Z`;
    await registerFor(id, 'weekly@example.org');
    ctx.clock.advance(6 * 24 * HOUR - 3.5 * HOUR); // March 16, 13:30 UTC.
    const mails = await mailsOf(runJob);
    expect(mails.map((m) => m.subject)).toEqual(['Reminder: Weekly Reminder']);
    expect(mails[0]!.text).toContain('When: Tuesday, March 17, 2026, 7:30 AM to 8:30 AM MDT');
    ctx.clock.advance(-(6 * 24 * HOUR - 3.5 * HOUR));
  });

  it('go once even when two processes run the job at the same moment', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Raced Reminder',
      startTime: '2026-03-11T12:00:00.000Z',
      endTime: '2026-03-11T13:00:00.000Z',
    });
    ctx.clock.advance(-6 * HOUR); // Registered well before the reminder time.
    await registerFor(event.id, 'raced@example.org');
    ctx.clock.advance(6 * HOUR);
    let results: { queued: number }[] = [];
    const mails = await mailsOf(async () => {
      results = await Promise.all([queueReminders(deps()), queueReminders(deps())]);
    });
    expect(results.map((r) => r.queued).sort()).toEqual([0, 1]);
    expect(mails.map((m) => m.subject)).toEqual(['Reminder: Raced Reminder']);
    expect(smtp.received.filter((m) => m.subject === 'Reminder: Raced Reminder')).toHaveLength(1);
    const marks = await ctx.db.select().from(eventReminders);
    expect(marks.filter((m) => m.startsAt.getTime() === Date.parse(event.startTime))).toHaveLength(
      1,
    );
  });
});

describe('a reminder through the outbox', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  /** An event starting at `start` (24-hour reminder, due now), registered for well before. */
  async function dueEvent(title: string, start: string, email: string) {
    const event = await createdEvent(ctx, people.owner.token, {
      title,
      startTime: start,
      endTime: new Date(Date.parse(start) + HOUR).toISOString(),
    });
    ctx.clock.advance(-8 * HOUR);
    try {
      await registerFor(event.id, email);
    } finally {
      ctx.clock.advance(8 * HOUR);
    }
    const [registration] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, email));
    return { event, registration: registration! };
  }

  const marksOf = (registrationId: string) =>
    ctx.db.select().from(eventReminders).where(eq(eventReminders.registrationId, registrationId));

  it('is queued with its mark and sent from its row alone, with a link made then', async () => {
    const { event, registration } = await dueEvent(
      'Outbox Breakfast',
      '2026-03-11T14:00:00.000Z',
      'outbox@example.org',
    );
    const mail = await outbox.mailedFromTheOutboxOnly(
      'event-reminder',
      { subject: 'Reminder: Outbox Breakfast', to: 'outbox@example.org' },
      async () => {
        expect(await runJob()).toEqual({ queued: 1 });
        expect(await marksOf(registration.id)).toHaveLength(1);
        // The row holds ids, no link: the one the mail carries is issued as it is composed.
        const [row] = (await outbox.rowsOf('event-reminder')).filter(
          (r) => (r.params as { registrationId?: string }).registrationId === registration.id,
        );
        expect(JSON.stringify(row!.params)).not.toMatch(/token/);
      },
    );
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Party size: 2');
    const token = /registrations\/manage#token=([\w-]+)/.exec(mail.text!)![1]!;
    const managed = await ctx.app.inject({
      url: '/api/registrations/manage',
      headers: { 'x-registration-token': token },
    });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().event.id).toBe(event.id);
  });

  it('is neither marked nor queued when its transaction rolls back, and goes next run', async () => {
    const { registration } = await dueEvent(
      'Rolled Breakfast',
      '2026-03-11T14:30:00.000Z',
      'rolled@example.org',
    );
    const before = (await outbox.rowsOf('event-reminder')).length;
    await outbox.refuseAtCommit('event-reminder');
    await expect(queueReminders(deps())).rejects.toThrow(/commit/);
    expect(await marksOf(registration.id)).toEqual([]);
    expect(await outbox.rowsOf('event-reminder')).toHaveLength(before);
    await outbox.undo();
    const mails = await mailsOf(async () => {
      expect(await queueReminders(deps())).toEqual({ queued: 1 });
    });
    expect(mails.map((m) => m.subject)).toEqual(['Reminder: Rolled Breakfast']);
  });

  it('is skipped when the registration went, or the event was cancelled, before its turn', async () => {
    const gone = await dueEvent('Gone Breakfast', '2026-03-11T15:00:00.000Z', 'gone@example.org');
    const off = await dueEvent('Off Breakfast', '2026-03-11T15:30:00.000Z', 'off@example.org');
    await ctx.app.flushMail();
    await ctx.app.outbox.stop(5_000);
    const sent = smtp.received.length;
    expect(await queueReminders(deps())).toEqual({ queued: 2 });
    await ctx.db.delete(eventRegistrations).where(eq(eventRegistrations.id, gone.registration.id));
    await ctx.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, off.event.id));
    ctx.app.outbox.start();
    await ctx.app.flushMail();
    expect(smtp.sentTo('gone@example.org', sent)).toEqual([]);
    expect(smtp.sentTo('off@example.org', sent)).toEqual([]);
    const rows = (await outbox.rowsOf('event-reminder')).filter((r) =>
      [gone.registration.id, off.registration.id].includes(
        String((r.params as { registrationId?: string }).registrationId),
      ),
    );
    expect(rows.map((r) => r.state)).toEqual(['skipped', 'skipped']);
  });
});
