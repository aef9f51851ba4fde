import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createSeries,
  getAppointment,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

// The three answers of the series dialog, each moving dates of a series with registrants on
// them: the registrations follow their dates, and each registrant whose date moved is mailed
// the change (docs/staff/events.md, Editing a series).

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

const mailsOf = (step: () => Promise<unknown>) => smtp.sentDuring(() => ctx.app.flushMail(), step);
const to = (mail: ParsedMail) => (mail.to as { text: string }).text;

/** Tuesdays at 7:30 in Denver from March 3, 2026, with a registrant on March 17, 24 and 31. */
async function breakfastWithGuests(title: string, tag: string) {
  const series = await createSeries(ctx, people.owner.token, { title });
  const master = series.masterEventId!;
  const guests: Record<string, string> = {};
  await mailsOf(async () => {
    for (const day of ['17', '24', '31']) {
      const email = `${tag}-${day}@example.org`;
      guests[day] = email;
      const res = await register(ctx, `${master}_202603${day}T133000Z`, {
        name: `Pat ${day}`,
        email,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  return { master, guests };
}

/** Moves the occurrence of March 24 to Wednesday March 25, same time, with `choice`. */
async function moveTo25th(master: string, choice: string) {
  let saved: Appointment | null = null;
  const mails = await mailsOf(async () => {
    const res = await updateAppointment(
      ctx,
      `${master}_20260324T133000Z`,
      {
        startTime: '2026-03-25T13:30:00.000Z',
        endTime: '2026-03-25T14:30:00.000Z',
        recurringEventUpdateType: choice,
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    saved = res.json<Appointment>();
  });
  return { saved: saved!, mails };
}

/** Who is registered for an event or occurrence, as its organizer sees it. */
async function registrantsOf(id: string) {
  const res = await getAppointment(ctx, id, people.owner.token);
  expect(res.statusCode, res.body).toBe(200);
  const event = res.json<Appointment>();
  return { start: event.startTime, emails: event.attendees.map((a) => a.email) };
}

describe('editing a date of a series', () => {
  it('"only this event" moves that date alone, keeps its registrant and tells only them', async () => {
    const { master, guests } = await breakfastWithGuests('Only Breakfast', 'only');
    const { saved, mails } = await moveTo25th(master, 'this_event');
    expect(saved.startTime).toBe('2026-03-25T13:30:00.000Z');
    expect(saved.isException).toBe(true);

    expect(mails.map(to)).toEqual([guests['24']]);
    expect(mails[0]!.text).toContain(
      'Time: Tuesday, March 24, 2026, 7:30 AM to 8:30 AM MDT → Wednesday, March 25, 2026, 7:30 AM to 8:30 AM MDT',
    );
    expect(await registrantsOf(`${master}_20260324T133000Z`)).toEqual({
      start: '2026-03-25T13:30:00.000Z',
      emails: [guests['24']],
    });
    // The other dates stay on their Tuesdays with their registrants.
    expect(await registrantsOf(`${master}_20260317T133000Z`)).toEqual({
      start: '2026-03-17T13:30:00.000Z',
      emails: [guests['17']],
    });
    expect(await registrantsOf(`${master}_20260331T133000Z`)).toEqual({
      start: '2026-03-31T13:30:00.000Z',
      emails: [guests['31']],
    });
  });

  it('"this and following" moves that date and the later ones, not the earlier', async () => {
    const { master, guests } = await breakfastWithGuests('Following Breakfast', 'following');
    const { saved, mails } = await moveTo25th(master, 'this_and_following_events');
    const successor = saved.masterEventId!;
    expect(successor).not.toBe(master);
    expect(saved.startTime).toBe('2026-03-25T13:30:00.000Z');

    expect(mails.map(to).sort()).toEqual([guests['24'], guests['31']].sort());
    const later = mails.find((m) => to(m) === guests['31'])!;
    expect(later.text).toContain(
      'Time: Tuesday, March 31, 2026, 7:30 AM to 8:30 AM MDT → Wednesday, April 1, 2026, 7:30 AM to 8:30 AM MDT',
    );
    expect(await registrantsOf(`${successor}_20260325T133000Z`)).toEqual({
      start: '2026-03-25T13:30:00.000Z',
      emails: [guests['24']],
    });
    expect(await registrantsOf(`${successor}_20260401T133000Z`)).toEqual({
      start: '2026-04-01T13:30:00.000Z',
      emails: [guests['31']],
    });
    expect(await registrantsOf(`${master}_20260317T133000Z`)).toEqual({
      start: '2026-03-17T13:30:00.000Z',
      emails: [guests['17']],
    });
  });

  it('"all events in the series" moves every date, earlier ones too, and tells everyone', async () => {
    const { master, guests } = await breakfastWithGuests('Every Breakfast', 'every');
    const { saved, mails } = await moveTo25th(master, 'all_events');
    expect(saved.masterEventId).toBe(master);
    expect(saved.startTime).toBe('2026-03-25T13:30:00.000Z');

    expect(mails.map(to).sort()).toEqual([guests['17'], guests['24'], guests['31']].sort());
    const earliest = mails.find((m) => to(m) === guests['17'])!;
    expect(earliest.text).toContain(
      'Time: Tuesday, March 17, 2026, 7:30 AM to 8:30 AM MDT → Wednesday, March 18, 2026, 7:30 AM to 8:30 AM MDT',
    );
    for (const [day, moved] of [
      ['17', '18'],
      ['24', '25'],
      ['31', '01'],
    ] as const) {
      const month = moved === '01' ? '04' : '03';
      expect(await registrantsOf(`${master}_2026${month}${moved}T133000Z`)).toEqual({
        start: `2026-${month}-${moved}T13:30:00.000Z`,
        emails: [guests[day]],
      });
    }
    // The first date moved too: the series starts on Wednesday March 4.
    const first = await getAppointment(ctx, `${master}_20260304T143000Z`);
    expect(first.statusCode, first.body).toBe(200);
  });

  it('refuses another member’s change of a series date, whatever the choice', async () => {
    const { master } = await breakfastWithGuests('Guarded Breakfast', 'guarded');
    for (const choice of ['this_event', 'this_and_following_events', 'all_events']) {
      const res = await updateAppointment(
        ctx,
        `${master}_20260324T133000Z`,
        {
          startTime: '2026-03-25T13:30:00.000Z',
          endTime: '2026-03-25T14:30:00.000Z',
          recurringEventUpdateType: choice,
        },
        people.other.token,
      );
      expect(res.statusCode).toBe(403);
    }
  });
});
