import rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { fromFloating, Recurrence, toFloating } from './recurrence.js';
import { parseRuleText } from './rule-text.js';
import { endRuleBefore, normalizeRule, remainingRule } from './series-rules.js';

const { RRule } = rrulePackage;
const TZ = 'America/Denver';
const start = new Date('2019-01-08T14:30:00Z'); // Tuesday, 7:30 MST
const end = new Date('2019-01-08T15:30:00Z');

/** The library on its own, walking from the first occurrence, for comparison. */
function plain(rule: string, from: Date, to: Date): string[] {
  const r = new RRule({ ...RRule.parseString(rule), dtstart: toFloating(start, TZ) });
  return r
    .between(new Date(toFloating(from, TZ).getTime() - 2 * 86_400_000), toFloating(to, TZ), true)
    .map((f) => fromFloating(f, TZ))
    .filter((d) => d < to && new Date(d.getTime() + 3_600_000) > from)
    .map((d) => d.toISOString());
}

describe('expansion', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=WEEKLY;BYDAY=TU',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
    'FREQ=MONTHLY;BYDAY=2TU',
    'FREQ=MONTHLY;INTERVAL=5;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=8',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=MONTHLY;INTERVAL=3',
    'FREQ=YEARLY',
    'FREQ=YEARLY;INTERVAL=3',
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
  ])('starting near the window gives what walking from the start gives: %s', (rule) => {
    const recurrence = new Recurrence({
      startTime: start,
      endTime: end,
      timezone: TZ,
      rrule: rule,
      exdates: [],
    });
    for (const [from, to] of [
      ['2026-03-01T07:00:00Z', '2026-04-01T06:00:00Z'],
      ['2026-01-01T07:00:00Z', '2027-01-01T07:00:00Z'],
      ['2019-01-01T07:00:00Z', '2019-03-01T07:00:00Z'],
    ] as const) {
      const a = new Date(from);
      const b = new Date(to);
      expect(recurrence.between(a, b, 5000).map((d) => d.toISOString())).toEqual(plain(rule, a, b));
    }
  });

  it('keeps the wall-clock time across both daylight-saving changes', () => {
    const weekly = new Recurrence({
      startTime: new Date('2026-10-27T13:30:00Z'), // Tuesday 7:30 MDT
      endTime: new Date('2026-10-27T14:30:00Z'),
      timezone: TZ,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      exdates: [],
    });
    const starts = weekly.between(
      new Date('2026-10-27T00:00:00Z'),
      new Date('2026-11-11T00:00:00Z'),
      10,
    );
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-27T13:30:00.000Z',
      '2026-11-03T14:30:00.000Z',
      '2026-11-10T14:30:00.000Z',
    ]);
    expect(weekly.endOf(starts[1]!).toISOString()).toBe('2026-11-03T15:30:00.000Z');
  });

  it('leaves out excluded dates and stops at the limit', () => {
    const daily = new Recurrence({
      startTime: start,
      endTime: end,
      timezone: TZ,
      rrule: 'FREQ=DAILY',
      exdates: [new Date('2019-01-09T14:30:00Z')],
    });
    const found = daily.between(start, new Date('2019-02-01T00:00:00Z'), 3);
    expect(found.map((d) => d.toISOString())).toEqual([
      '2019-01-08T14:30:00.000Z',
      '2019-01-10T14:30:00.000Z',
      '2019-01-11T14:30:00.000Z',
    ]);
  });

  it('finds the last occurrence of a rule with an end, quickly even decades out', () => {
    const until = new Recurrence({
      startTime: start,
      endTime: end,
      timezone: TZ,
      rrule: 'FREQ=DAILY;UNTIL=20991231T000000Z',
      exdates: [],
    });
    const began = performance.now();
    expect(until.lastEnd()!.toISOString()).toBe('2099-12-30T15:30:00.000Z');
    expect(performance.now() - began).toBeLessThan(1000);
    const counted = new Recurrence({
      startTime: start,
      endTime: end,
      timezone: TZ,
      rrule: 'FREQ=WEEKLY;COUNT=3',
      exdates: [],
    });
    expect(counted.lastEnd()!.toISOString()).toBe('2019-01-22T15:30:00.000Z');
    expect(
      new Recurrence({
        startTime: start,
        endTime: end,
        timezone: TZ,
        rrule: 'FREQ=WEEKLY',
        exdates: [],
      }).lastEnd(),
    ).toBeNull();
  });
});

describe('rules', () => {
  it.each([
    ['FREQ=HOURLY', 'FREQ=HOURLY'],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'BYMONTH needs FREQ=YEARLY'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6', 'BYSETPOS=6'],
    ['FREQ=MONTHLY;BYDAY=5MO', 'BYDAY=5MO'],
    ['FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31', 'INTERVAL below 12'],
    ['FREQ=YEARLY;BYMONTH=2', 'BYMONTH and BYDAY together'],
    ['FREQ=WEEKLY;BYDAY=1TU', 'BYDAY=1TU'],
    ['FREQ=WEEKLY;INTERVAL=-1', 'INTERVAL=-1'],
    ['FREQ=WEEKLY;COUNT=5000', 'COUNT=5000'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20260101', 'COUNT and UNTIL together'],
    ['FREQ=WEEKLY;BYDAY=TU;BYDAY=WE', 'BYDAY given twice'],
    ['FREQ=WEEKLY;DTSTART=20260101T000000Z', 'DTSTART is not supported'],
    ['FREQ=WEEKLY;', 'empty part'],
  ])('refuses %s', (rule, reason) => {
    expect(() => parseRuleText(rule)).toThrow(reason);
  });

  it('stores a canonical text, with UNTIL as a UTC instant', () => {
    expect(
      normalizeRule('rrule:freq=weekly;interval=1;byday=tu;until=20190131', start, end, TZ),
    ).toBe('FREQ=WEEKLY;UNTIL=20190201T065959Z;BYDAY=TU');
  });

  it('refuses a start the rule does not give, unless told to follow it', () => {
    expect(() => normalizeRule('FREQ=WEEKLY;BYDAY=WE', start, end, TZ)).toThrow(
      /start date must be/,
    );
    expect(normalizeRule('FREQ=WEEKLY;BYDAY=WE', start, end, TZ, true)).toBe(
      'FREQ=WEEKLY;BYDAY=TU',
    );
    expect(() => normalizeRule('FREQ=WEEKLY;UNTIL=20180101', start, end, TZ)).toThrow(
      /ends before/,
    );
  });

  it('ends a rule before an occurrence, and counts what remains', () => {
    // UNTIL is the last occurrence kept (Tuesday the 15th), not a second before the split.
    const weekly = {
      rrule: 'FREQ=WEEKLY;COUNT=10;BYDAY=TU',
      startTime: new Date('2019-01-08T14:30:00Z'),
      endTime: new Date('2019-01-08T15:30:00Z'),
      timezone: TZ,
      exdates: [],
    };
    expect(endRuleBefore(weekly, new Date('2019-01-22T14:30:00Z'))).toBe(
      'FREQ=WEEKLY;UNTIL=20190115T143000Z;BYDAY=TU',
    );
    expect(remainingRule('FREQ=WEEKLY;COUNT=10;BYDAY=TU', 2)).toBe('FREQ=WEEKLY;COUNT=8;BYDAY=TU');
    expect(remainingRule('FREQ=WEEKLY;BYDAY=TU', 2)).toBe('FREQ=WEEKLY;BYDAY=TU');
  });
});
