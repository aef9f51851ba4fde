import { describe, expect, it } from 'vitest';
import { blankToNull, calendarDateSchema, isCalendarDate } from './common.js';

describe('blankToNull', () => {
  it('reads an empty or blank text, and null, as none', () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
  });

  it('leaves a text as it is, and an absent one absent', () => {
    expect(blankToNull('Riverbend Bakery')).toBe('Riverbend Bakery');
    expect(blankToNull(' (801) 555-0142')).toBe(' (801) 555-0142');
    expect(blankToNull(undefined)).toBeUndefined();
  });
});

describe('isCalendarDate', () => {
  it('takes the days that exist, leap days in leap years only', () => {
    for (const day of ['2026-01-31', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
  });

  it('refuses impossible days, year 0 and other shapes', () => {
    const bad = ['2026-02-30', '2026-04-31', '2025-02-29', '1900-02-29', '0000-01-01'];
    bad.push('2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '20260105', '2026-01-05T00:00');
    for (const day of bad) expect(isCalendarDate(day), day).toBe(false);
    expect(calendarDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'must be a day that exists',
    );
  });
});
