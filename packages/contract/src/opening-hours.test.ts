import { describe, expect, it } from 'vitest';
import { openingHoursSchema, type OpeningHoursInput } from './opening-hours.js';
import { localMoment, openingLabel, openingStateAt } from './opening-state.js';

const ZONE = 'America/New_York';
const weekday = [
  { opens: '13:00', closes: '18:00' },
  { opens: '07:00', closes: '11:30' },
];
const hours = openingHoursSchema.parse({
  days: {
    sunday: [{ opens: '08:00', closes: '12:00' }],
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: [{ opens: '08:00', closes: '17:00' }],
  },
  closures: [{ date: '2026-03-10', note: 'Staff training' }],
} satisfies OpeningHoursInput);

const label = (instant: string, h = hours) =>
  openingLabel(openingStateAt(h, new Date(instant), ZONE));

describe('openingStateAt on the chamber’s wall clock, across daylight saving (America/New_York)', () => {
  // 2026: clocks go forward on Sunday 8 March at 2:00 (EST, -5, to EDT, -4) and back on
  // Sunday 1 November at 2:00. The same UTC hour is a different wall-clock hour on either side.
  it.each([
    // Saturday 7 March, 7:30 EST: opens at 8.
    ['2026-03-07T12:30:00Z', 'Opens at 8:00 AM', ''],
    // Sunday 8 March, 1:59 EST, the minute before the change, and 3:00 EDT just after it.
    ['2026-03-08T06:59:00Z', 'Opens at 8:00 AM', ''],
    ['2026-03-08T07:00:00Z', 'Opens at 8:00 AM', ''],
    // 11:30 UTC was 6:30 the day before; today it is 7:30 EDT: still closed.
    ['2026-03-08T11:30:00Z', 'Opens at 8:00 AM', ''],
    // 12:30 UTC is 8:30 EDT: open (a fixed winter offset would read 7:30 and say closed).
    ['2026-03-08T12:30:00Z', 'Open now', 'Until 12:00 PM'],
    // 16:00 UTC is 12:00 EDT, the closing minute: closed, Monday's first interval next.
    ['2026-03-08T16:00:00Z', 'Closed', 'Opens tomorrow at 7:00 AM'],
    // Monday 9 March: the lunch break, its edges, and the evening.
    ['2026-03-09T15:29:00Z', 'Open now', 'Until 11:30 AM'],
    ['2026-03-09T15:30:00Z', 'Opens at 1:00 PM', ''],
    ['2026-03-09T17:00:00Z', 'Open now', 'Until 6:00 PM'],
    ['2026-03-09T22:00:00Z', 'Closed', 'Opens Wednesday at 7:00 AM'],
    // Tuesday 10 March is a closure day: closed all day, whatever the weekday says.
    ['2026-03-10T14:00:00Z', 'Closed today', 'Staff training · Opens tomorrow at 7:00 AM'],
    // Sunday 1 November: 12:30 UTC was 8:30 EDT the day before, now 7:30 EST.
    ['2026-10-31T12:30:00Z', 'Open now', 'Until 5:00 PM'],
    ['2026-11-01T05:30:00Z', 'Opens at 8:00 AM', ''],
    // 1:30 happens twice this night (EDT, then EST): closed both times.
    ['2026-11-01T06:30:00Z', 'Opens at 8:00 AM', ''],
    ['2026-11-01T12:30:00Z', 'Opens at 8:00 AM', ''],
    ['2026-11-01T13:00:00Z', 'Open now', 'Until 12:00 PM'],
    ['2026-11-01T17:00:00Z', 'Closed', 'Opens tomorrow at 7:00 AM'],
  ])('at %s: %s %s', (instant, headline, detail) => {
    expect(label(instant)).toMatchObject({ headline, detail, open: headline === 'Open now' });
  });

  it('reads the weekday and time of the zone, not of UTC', () => {
    // 03:30 UTC on Monday 9 March is 23:30 on Sunday in New York.
    expect(localMoment(new Date('2026-03-09T03:30:00Z'), ZONE)).toEqual({
      date: '2026-03-08',
      weekday: 'sunday',
      time: '23:30',
    });
    expect(localMoment(new Date('2026-03-09T03:30:00Z'), 'UTC').weekday).toBe('monday');
  });

  it('says "Closed today" on a weekday without hours, and looks past closures', () => {
    const mondays = openingHoursSchema.parse({
      days: { monday: [{ opens: '09:00', closes: '24:00' }] },
      closures: [{ date: '2026-03-16' }],
    });
    // Wednesday 11 March: next Monday is the 16th, closed; then the 23rd.
    expect(label('2026-03-11T15:00:00Z', mondays)).toEqual({
      headline: 'Closed today',
      detail: 'Opens Mon, Mar 23 at 9:00 AM',
      open: false,
    });
    expect(label('2026-03-09T20:00:00Z', mondays)).toMatchObject({ detail: 'Until midnight' });
  });

  it('has nothing to say about a business without hours', () => {
    expect(openingStateAt(null, new Date(), ZONE)).toBeNull();
    const empty = openingHoursSchema.parse({ days: {} });
    expect(openingStateAt(empty, new Date(), ZONE)).toBeNull();
  });
});

describe('openingHoursSchema', () => {
  const issues = (input: unknown) => {
    const result = openingHoursSchema.safeParse(input);
    expect(result.success).toBe(false);
    return result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('refuses an interval that closes before or when it opens', () => {
    expect(issues({ days: { monday: [{ opens: '17:00', closes: '09:00' }] } })).toEqual([
      {
        path: 'days.monday.0.closes',
        message: "Monday's hours must close after they open (5:00 PM – 9:00 AM)",
      },
    ]);
    expect(issues({ days: { friday: [{ opens: '09:00', closes: '09:00' }] } })[0]!.path).toBe(
      'days.friday.0.closes',
    );
  });

  it('refuses overlapping intervals, naming the later one', () => {
    const input = {
      days: {
        tuesday: [
          { opens: '12:00', closes: '18:00' },
          { opens: '08:00', closes: '12:30' },
        ],
      },
    };
    expect(issues(input)).toEqual([
      {
        path: 'days.tuesday.0.opens',
        message: "Tuesday's hours overlap (8:00 AM – 12:30 PM and 12:00 PM – 6:00 PM)",
      },
    ]);
  });

  it('accepts intervals that touch, and keeps them in order', () => {
    const parsed = openingHoursSchema.parse({
      days: {
        saturday: [
          { opens: '12:00', closes: '24:00' },
          { opens: '06:00', closes: '12:00' },
        ],
      },
    });
    expect(parsed.days.saturday.map((i) => i.opens)).toEqual(['06:00', '12:00']);
    expect(parsed.days.sunday).toEqual([]);
  });

  it.each(['9:00', '25:00', '24:30', '12:60', 'noon', ''])('refuses the time %j', (time) => {
    expect(issues({ days: { wednesday: [{ opens: time, closes: '23:00' }] } })[0]).toEqual({
      path: 'days.wednesday.0.opens',
      message: 'must be a 24-hour time written HH:MM',
    });
  });

  it('refuses an unknown day, a date that does not exist and a date listed twice', () => {
    expect(issues({ days: { funday: [] } })[0]!.path).toBe('days');
    expect(issues({ days: {}, closures: [{ date: '2026-02-30' }] })[0]!.path).toBe(
      'closures.0.date',
    );
    expect(
      issues({ days: {}, closures: [{ date: '2026-12-25' }, { date: '2026-12-25' }] })[0],
    ).toEqual({ path: 'closures.1.date', message: '2026-12-25 is listed twice' });
  });
});
