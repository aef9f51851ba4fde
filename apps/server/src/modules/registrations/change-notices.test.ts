import type { ParsedMail } from 'mailparser';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createdEvent,
  createSeries,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

/** Every mail that the step sends, once all of it has gone out. */
const mailsOf = (step: () => Promise<unknown>) => smtp.sentDuring(() => ctx.app.flushMail(), step);

const to = (mail: ParsedMail) => (mail.to as { text: string }).text;

/** The calendar file of a mail: its METHOD and its one VEVENT. */
function icsOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.filename?.endsWith('.ics'))!;
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    contentType: attachment.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    recurrenceId: String(event.getFirstPropertyValue('recurrence-id') ?? ''),
    start: String(event.getFirstPropertyValue('dtstart')),
    location: event.getFirstPropertyValue('location'),
    status: event.getFirstPropertyValue('status'),
    organizer: event.getFirstPropertyValue('organizer'),
    attendee: event.getFirstPropertyValue('attendee'),
  };
}

/**
 * Every calendar file of a mail as node-ical reads it: the METHOD of its text/calendar part
 * and its one VEVENT (UID, RECURRENCE-ID as an instant, SEQUENCE, STATUS).
 */
function calendarFiles(mail: ParsedMail) {
  return mail.attachments
    .filter((a) => a.filename?.endsWith('.ics'))
    .map((a) => {
      const parsed = nodeIcal.sync.parseICS(a.content.toString('utf8'));
      const [event] = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
      return {
        filename: a.filename,
        // RFC 6047: the part's Content-Type names the METHOD of what it carries.
        partMethod: (a.headers.get('content-type') as { params?: Record<string, string> })?.params
          ?.method,
        method: (parsed.vcalendar as { method?: string } | undefined)?.method,
        uid: event!.uid,
        recurrenceId: event!.recurrenceid?.toISOString(),
        start: new Date(event!.start).toISOString(),
        sequence: Number(event!.sequence),
        status: event!.status,
      };
    });
}

async function registered(id: string, email: string) {
  const [mail] = await mailsOf(async () => {
    const res = await register(ctx, id, { name: 'Pat Guest', email });
    expect(res.statusCode, res.body).toBe(201);
  });
  return icsOf(mail!);
}

/** Tuesdays at 7:30 in Denver from March 3, 2026. */
const breakfast = (title: string) => createSeries(ctx, people.owner.token, { title });

describe('change notices', () => {
  it('tell each registrant of an event once that its place changed, with a newer entry', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Board Mixer' });
    const first = await registered(event.id, 'ann@example.org');
    await registered(event.id, 'ben@example.org');
    const mails = await mailsOf(() =>
      updateAppointment(
        ctx,
        event.id,
        { location: 'Mountain View Family Dental', toNotify: true },
        people.owner.token,
      ),
    );
    expect(mails.map(to).sort()).toEqual(['ann@example.org', 'ben@example.org']);
    const mail = mails.find((m) => to(m) === 'ann@example.org')!;
    expect(mail.subject).toBe('Event updated: Board Mixer');
    expect(mail.text).toContain(
      'Place: Riverton City Hall, 12830 S Redwood Rd, Riverton, UT → Mountain View Family Dental',
    );
    expect(mail.text).not.toContain('Time:');
    expect(mail.html).toContain('Mountain View Family Dental');
    const ics = icsOf(mail);
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.method).toBe('REQUEST');
    expect(ics.uid).toBe(first.uid);
    expect(ics.sequence).toBeGreaterThan(first.sequence);
    expect(ics.location).toBe('Mountain View Family Dental');
    expect(ics.attendee).toBe('mailto:ann@example.org');
    expect(ics.organizer).toBe('mailto:info@rivertonchamber.example');
  });

  it('follow "Update all future events" to the new series, for the occurrences it changed only', async () => {
    const series = await breakfast('Notice Breakfast');
    const master = series.masterEventId!;
    await registered(`${master}_20260317T133000Z`, 'early@example.org');
    const first = await registered(`${master}_20260331T133000Z`, 'later@example.org');
    let successor = '';
    const mails = await mailsOf(async () => {
      const res = await updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        {
          startTime: '2026-03-24T14:00:00.000Z',
          endTime: '2026-03-24T15:00:00.000Z',
          recurringEventUpdateType: 'this_and_following_events',
        },
        people.owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      successor = res.json<{ masterEventId: string }>().masterEventId;
    });
    expect(mails.map(to)).toEqual(['later@example.org']);
    const [mail] = mails;
    expect(mail!.subject).toBe('Event updated: Notice Breakfast');
    expect(mail!.text).toContain(
      'Time: Tuesday, March 31, 2026, 7:30 AM to 8:30 AM MDT → Tuesday, March 31, 2026, 8:00 AM to 9:00 AM MDT',
    );
    const ics = icsOf(mail!);
    expect(ics.method).toBe('REQUEST');
    // The occurrence as the feed and its own file name it now: the new series' UID, with the
    // RECURRENCE-ID that series' rule gives.
    expect(first.uid).toBe(`${master}@portal.example`);
    expect(ics.uid).toBe(`${successor}@portal.example`);
    expect(ics.recurrenceId).toBe('2026-03-31T08:00:00');
    expect(ics.start).toBe('2026-03-31T08:00:00');
  });

  it('take the entry a split replaced off the calendar: the new entry, and a CANCEL of the old UID', async () => {
    const series = await breakfast('Split Breakfast');
    const master = series.masterEventId!;
    const first = await registered(`${master}_20260331T133000Z`, 'split@example.org');
    let successor = '';
    const mails = await mailsOf(async () => {
      const res = await updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        {
          startTime: '2026-03-24T14:00:00.000Z',
          endTime: '2026-03-24T15:00:00.000Z',
          recurringEventUpdateType: 'this_and_following_events',
        },
        people.owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      successor = res.json<{ masterEventId: string }>().masterEventId;
    });
    expect(mails.map(to)).toEqual(['split@example.org']);
    expect(mails[0]!.text).toContain('one adds the event as it is listed now');
    const [added, removed, ...more] = calendarFiles(mails[0]!);
    expect(more).toEqual([]);
    // The occurrence as it is listed now: the new series' UID.
    expect(added).toMatchObject({
      partMethod: 'REQUEST',
      method: 'REQUEST',
      uid: `${successor}@portal.example`,
      recurrenceId: '2026-03-31T14:00:00.000Z',
      start: '2026-03-31T14:00:00.000Z',
      status: 'CONFIRMED',
    });
    // The entry the confirmation made, in a newer version, cancelled.
    expect(first.uid).toBe(`${master}@portal.example`);
    expect(removed).toMatchObject({
      filename: 'Split Breakfast earlier entry.ics',
      partMethod: 'CANCEL',
      method: 'CANCEL',
      uid: first.uid,
      recurrenceId: '2026-03-31T13:30:00.000Z',
      status: 'CANCELLED',
    });
    expect(removed!.sequence).toBeGreaterThan(first.sequence);
  });

  it('cancel the entry by the RECURRENCE-ID the registrant first got, after earlier moves', async () => {
    const series = await breakfast('Moved Then Split');
    const master = series.masterEventId!;
    const first = await registered(`${master}_20260331T133000Z`, 'moved@example.org');
    // Every date half an hour later: the occurrence's id moves, its calendar identity stays.
    const moved = await mailsOf(() =>
      updateAppointment(
        ctx,
        `${master}_20260317T133000Z`,
        {
          startTime: '2026-03-17T14:00:00.000Z',
          endTime: '2026-03-17T15:00:00.000Z',
          recurringEventUpdateType: 'all_events',
        },
        people.owner.token,
      ),
    );
    expect(calendarFiles(moved[0]!).map((f) => [f.uid, f.recurrenceId])).toEqual([
      [first.uid, '2026-03-31T13:30:00.000Z'],
    ]);
    const split = await mailsOf(() =>
      updateAppointment(
        ctx,
        `${master}_20260324T140000Z`,
        {
          location: 'Copperleaf Coffee House',
          recurringEventUpdateType: 'this_and_following_events',
        },
        people.owner.token,
      ),
    );
    const [, removed] = calendarFiles(split[0]!);
    expect(removed).toMatchObject({
      method: 'CANCEL',
      uid: first.uid,
      recurrenceId: '2026-03-31T13:30:00.000Z',
    });
  });

  it('tell of a split that changed nothing a registrant relies on, since the calendar entry changes', async () => {
    const series = await breakfast('Renamed Breakfast');
    const master = series.masterEventId!;
    await registered(`${master}_20260317T133000Z`, 'before-rename@example.org');
    const first = await registered(`${master}_20260331T133000Z`, 'after-rename@example.org');
    // "All events" keeps the UID: no mail for a new description.
    const everyDate = await mailsOf(() =>
      updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        { description: 'Now with pastries.', recurringEventUpdateType: 'all_events' },
        people.owner.token,
      ),
    );
    expect(everyDate).toEqual([]);
    const mails = await mailsOf(() =>
      updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        { title: 'Renamed Breakfast Club', recurringEventUpdateType: 'this_and_following_events' },
        people.owner.token,
      ),
    );
    expect(mails.map(to)).toEqual(['after-rename@example.org']);
    expect(mails[0]!.subject).toBe('Event updated: Renamed Breakfast Club');
    expect(mails[0]!.text).toContain('Its time and place have not changed.');
    const files = calendarFiles(mails[0]!);
    expect(files.map((f) => [f.method, f.uid])).toEqual([
      ['REQUEST', expect.not.stringContaining(master)],
      ['CANCEL', first.uid],
    ]);
    expect(files[1]!.recurrenceId).toBe('2026-03-31T13:30:00.000Z');
    expect(files[1]!.sequence).toBeGreaterThan(first.sequence);
  });

  it('reach every occurrence of the series with "all events", one mail each', async () => {
    const series = await breakfast('Everyone Breakfast');
    const master = series.masterEventId!;
    await registered(`${master}_20260317T133000Z`, 'one@example.org');
    await registered(`${master}_20260331T133000Z`, 'two@example.org');
    const mails = await mailsOf(() =>
      updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        { location: 'Copperleaf Coffee House', recurringEventUpdateType: 'all_events' },
        people.owner.token,
      ),
    );
    expect(mails.map(to).sort()).toEqual(['one@example.org', 'two@example.org']);
    for (const mail of mails) {
      expect(mail.text).toContain('Place: Riverton City Hall');
      expect(icsOf(mail).location).toBe('Copperleaf Coffee House');
    }
  });

  it('cancel the calendar entry when an occurrence is called off', async () => {
    const series = await breakfast('Called Off');
    const id = `${series.masterEventId}_20260324T133000Z`;
    const first = await registered(id, 'off@example.org');
    const mails = await mailsOf(() =>
      updateAppointment(ctx, id, { appointmentStatus: 'cancelled' }, people.owner.token),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Cancelled: Called Off');
    expect(mails[0]!.text).toContain('Status: Confirmed → Cancelled');
    const ics = icsOf(mails[0]!);
    expect(ics.method).toBe('CANCEL');
    expect(ics.status).toBe('CANCELLED');
    expect(ics.uid).toBe(first.uid);
    expect(ics.recurrenceId).toBe(first.recurrenceId);
    expect(ics.sequence).toBeGreaterThan(first.sequence);
  });

  it('are not sent for other changes, nor for occurrences that already started', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Quiet Change',
      startTime: '2026-03-10T20:00:00.000Z',
      endTime: '2026-03-10T21:00:00.000Z',
    });
    await registered(event.id, 'quiet@example.org');
    const described = await mailsOf(() =>
      updateAppointment(ctx, event.id, { description: 'Now with dessert.' }, people.owner.token),
    );
    expect(described).toEqual([]);
    ctx.clock.advance(4 * 3_600_000); // 21:00: it started an hour ago.
    const moved = await mailsOf(async () => {
      const res = await updateAppointment(
        ctx,
        event.id,
        { location: 'Elsewhere' },
        people.owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(moved).toEqual([]);
  });
});
