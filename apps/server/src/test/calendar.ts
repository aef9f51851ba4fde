import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Appointment, CalendarEvent, EventList } from '@chamber/contract';
import { calendars, type Database, chambers } from '@chamber/db';
import { seatOffersJob } from '../background/seat-offers.js';
import { createMailer } from '../lib/mail/mailer.js';
import { chamberMail } from '../modules/chamber/index.js';
import {
  createMailingApp,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from './app.js';
import { startRunner, waitForRun } from './jobs.js';

/** Request helpers for the calendar; each returns the raw response. */

export const CALENDAR_ID = 'racc-events';
export const TZ = 'America/Denver';

const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

/** The chamber and its calendar, as the seed makes them. */
export async function createCalendar(db: Database) {
  await db
    .insert(chambers)
    .values({
      id: 'riverton-chamber',
      name: 'Riverton Area Chamber of Commerce',
      email: 'info@rivertonchamber.example',
      phone: '(801) 555-0100',
      timezone: TZ,
    })
    .onConflictDoNothing();
  await db
    .insert(calendars)
    .values({ id: CALENDAR_ID, locationId: 'riverton-chamber', name: 'RACC Events', timezone: TZ })
    .onConflictDoNothing();
}

/** Signed-in people of every role, and a member who owns events. */
export async function calendarPeople(ctx: TestContext) {
  const make = async (role: 'member' | 'moderator' | 'admin', contact = true) => {
    const user = await createTestUser(ctx.db, { role, contact });
    return { user, token: await signIn(ctx, user.email) };
  };
  return {
    owner: await make('member'),
    other: await make('member'),
    moderator: await make('moderator', false),
    admin: await make('admin', false),
  };
}

export type CalendarPeople = Awaited<ReturnType<typeof calendarPeople>>;

/** A test app with the seed's chamber and calendar, and signed-in people of every role. */
export async function createCalendarTestApp(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; people: CalendarPeople }> {
  const ctx = await createTestApp(env);
  await createCalendar(ctx.db);
  return { ctx, people: await calendarPeople(ctx) };
}

/**
 * An app that mails to a loopback SMTP peer and has the seed's calendar and signed-in people
 * of every role, as the registration and mail tests need; `close` stops both. `held`: the peer
 * takes no message until `release()` is called, as a mail server under load answers late
 * (`close` releases it too).
 */
export async function startCalendarApp({ held = false }: { held?: boolean } = {}) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const mailing = await createMailingApp(
    { PUBLIC_URL: 'https://portal.example' },
    held ? { holdEach: () => gate } : {},
  );
  const { ctx, smtp } = mailing;
  await createCalendar(ctx.db);
  const people = await calendarPeople(ctx);
  const close = async () => {
    release();
    await mailing.close();
  };
  return { ctx, smtp, people, close, release };
}

/**
 * With `startCalendarApp({ held: true })`: the request is answered (201) within 3 seconds while
 * the mail server holds every message, and once released exactly one mail follows, `subject`.
 */
export async function expectAnswerBeforeMail(
  app: Awaited<ReturnType<typeof startCalendarApp>>,
  answered: Promise<LightMyRequestResponse>,
  subject: string,
) {
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3000));
  const res = await Promise.race([answered, late]);
  expect(res).not.toBe('late');
  expect((res as LightMyRequestResponse).statusCode).toBe(201);
  expect(app.smtp.received).toEqual([]);
  app.release();
  await app.ctx.app.flushMail();
  expect(app.smtp.received.map((m) => m.subject)).toEqual([subject]);
}

export function listEvents(
  ctx: TestContext,
  startDate: string,
  endDate: string,
  token?: string,
  calendarId = CALENDAR_ID,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({ startDate, endDate, _t: '1' });
  return ctx.app.inject({
    method: 'GET',
    url: `/api/calendars/${calendarId}/events?${query}`,
    headers: bearer(token),
  });
}

export async function eventsIn(
  ctx: TestContext,
  startDate: string,
  endDate: string,
  token?: string,
) {
  const res = await listEvents(ctx, startDate, endDate, token);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json<EventList>().events;
}

export function getAppointment(ctx: TestContext, id: string, token?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/calendars/appointments/${id}`,
    headers: bearer(token),
  });
}

export function createAppointment(ctx: TestContext, payload: object, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/calendars/appointments',
    headers: bearer(token),
    payload,
  });
}

export function updateAppointment(ctx: TestContext, id: string, payload: object, token?: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/calendars/appointments/${id}`,
    headers: bearer(token),
    payload,
  });
}

export function deleteAppointment(ctx: TestContext, id: string, token?: string, type?: string) {
  const query = type ? `?recurringEventUpdateType=${type}` : '';
  return ctx.app.inject({
    method: 'DELETE',
    url: `/api/calendars/appointments/${id}${query}`,
    headers: bearer(token),
  });
}

export function register(
  ctx: TestContext,
  id: string,
  payload: object,
  opts: { token?: string; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/calendars/appointments/${id}/registrations`,
    headers: bearer(opts.token),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    payload,
  });
}

/** Registers for every upcoming date of the series whose first event is `masterEventId`. */
export function registerSeries(
  ctx: TestContext,
  masterEventId: string,
  payload: object,
  remoteAddress: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/calendars/appointments/${masterEventId}/series-registrations`,
    remoteAddress,
    payload,
  });
}

/** The spec's create payload (docs/product.md#api-calls), as the event dialog sends it. */
export function createPayload(overrides: Record<string, unknown> = {}) {
  return {
    calendarId: CALENDAR_ID,
    title: 'Monthly Chamber Luncheon',
    description: 'Lunch with fellow members and a talk from the city manager.',
    startTime: '2026-03-19T18:00:00.000Z',
    endTime: '2026-03-19T19:15:00.000Z',
    location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
    appointmentStatus: 'new',
    toNotify: false,
    ignoreDateRange: true,
    ignoreFreeSlotValidation: true,
    selectedTimezone: TZ,
    address: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
    calendarNotes: 'Lunch with fellow members and a talk from the city manager.',
    internalNote: 'Created by Jordan Member via web app',
    pageUrl: '',
    coverImageUrl: '',
    downloadFileUrl: '',
    source: 'calendar_page',
    channel: 'web_app',
    meetingLocationType: 'custom',
    ...overrides,
  };
}

/** Creates an event through the API and returns it; fails the test otherwise. */
export async function createdEvent(
  ctx: TestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Appointment> {
  const res = await createAppointment(ctx, createPayload(overrides), token);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Appointment>();
}

/**
 * Creates a weekly series through the API and returns its first occurrence: by default a
 * breakfast on Tuesdays at 7:30 in Denver from March 3, 2026 (MST, UTC-7), across the change
 * to daylight time on March 8 (MDT, UTC-6), so its occurrence ids from March 10 on end in
 * T133000Z. `overrides` change any field of the create payload.
 */
export function createSeries(
  ctx: TestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Appointment> {
  return createdEvent(ctx, token, {
    title: 'Networking Breakfast',
    startTime: '2026-03-03T14:30:00.000Z',
    endTime: '2026-03-03T15:30:00.000Z',
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    ...overrides,
  });
}

/** Start times (ISO) of the events with a title, in order. */
export const startsOf = (events: CalendarEvent[], title?: string) =>
  events.filter((e) => title === undefined || e.title === title).map((e) => e.startTime);

/**
 * Runs the seat-offers job once, as the scheduler would at the test clock's time (lapsing held
 * seats and offers past their time, offering the seats to the waiting list), and returns the
 * run's final state for the test to check.
 */
export async function runSeatOffers(ctx: TestContext) {
  const mailer = createMailer(ctx.config);
  const runner = await startRunner({
    url: ctx.url,
    db: ctx.db,
    clock: ctx.clock,
    definitions: [seatOffersJob],
    config: ctx.config,
    mail: chamberMail(ctx.db, ctx.config, mailer),
  });
  try {
    return (await waitForRun(ctx.db, await runner.send('seat-offers'))).state;
  } finally {
    await runner.stop();
    await mailer.close();
  }
}
