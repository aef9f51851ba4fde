import { addDays, MAX_EVENT_WINDOW_DAYS, parseDateKey } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/test/calendar-events';
import { eventChoices, eventWindows } from './event-choices';

const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

describe("the campaign picker's windows", () => {
  it.each([
    ['2026-11-30T18:00:00Z', '2025-11-01', '2026-11-30', '2027-10-31'],
    // Late on 31 December in Denver is already 1 January in UTC: the chamber's day counts.
    ['2027-01-01T05:00:00Z', '2025-12-01', '2026-12-31', '2027-11-30'],
    ['2028-02-29T12:00:00Z', '2027-02-01', '2028-02-29', '2029-01-31'],
  ])(
    'on %s: a year back to a year ahead, each window one the calendar answers',
    (now, first, today, last) => {
      const [past, coming] = eventWindows(new Date(now), 'America/Denver');
      expect(past).toEqual({ startDate: first, endDate: today });
      expect(coming).toEqual({ startDate: addDays(today, 1), endDate: last });
      // No gap, and each within the calendar's limit (an end date counts its whole day).
      for (const w of [past!, coming!]) {
        expect(days(w.startDate, w.endDate)).toBeLessThanOrEqual(MAX_EVENT_WINDOW_DAYS);
      }
      expect(parseDateKey(past!.startDate).day).toBe(1);
    },
  );
});

describe('event choices', () => {
  it('lists an event found in both windows once', () => {
    const id = '6f1c1e2a-7b1d-4c8e-9a55-0c1d2e3f4a5b';
    const mixer = makeEvent({ id, title: 'Spring Mixer' });
    expect(eventChoices([mixer, mixer])).toEqual([expect.objectContaining({ id, series: false })]);
  });
});
