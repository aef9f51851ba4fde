import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateKeyIn,
  formatDateKey,
  localDateTime,
  timeIn,
  weekdayOf,
  zonedParts,
  zonedTimeToUtc,
} from './zoned-time.js';

const DENVER = 'America/Denver';

describe('zoned time', () => {
  it('reads the wall clock in the given zone, not the browser’s', () => {
    // 02:30 UTC on 5 March is still 4 March in Denver (UTC-7).
    const instant = new Date('2025-03-05T02:30:00Z');
    expect(dateKeyIn(instant, DENVER)).toBe('2025-03-04');
    expect(timeIn(instant, DENVER)).toBe('19:30');
    expect(zonedParts(instant, DENVER).weekday).toBe(2);
    expect(dateKeyIn(instant, 'UTC')).toBe('2025-03-05');
  });

  it('turns a wall-clock time into the instant, on both sides of daylight saving', () => {
    expect(zonedTimeToUtc(localDateTime('2025-03-08', '12:00'), DENVER).toISOString()).toBe(
      '2025-03-08T19:00:00.000Z',
    );
    // The day after the spring change Denver is UTC-6.
    expect(zonedTimeToUtc(localDateTime('2025-03-10', '12:00'), DENVER).toISOString()).toBe(
      '2025-03-10T18:00:00.000Z',
    );
    expect(zonedTimeToUtc(localDateTime('2025-11-03', '07:30'), DENVER).toISOString()).toBe(
      '2025-11-03T14:30:00.000Z',
    );
  });

  it('does date arithmetic on keys across months and years', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(weekdayOf('2025-06-01')).toBe(0);
    expect(formatDateKey('2025-06-01', { weekday: 'long', month: 'long', day: 'numeric' })).toBe(
      'Sunday, June 1',
    );
  });
});
