import { describe, expect, it } from 'vitest';
import {
  eventDays,
  eventsByDay,
  gridRange,
  monthGrid,
  shiftMonth,
  splitForCell,
} from './month-grid';

describe('month grid', () => {
  it('always has 42 cells from the Sunday on or before the 1st', () => {
    // June 2025 starts on a Sunday; February 2026 too and has 28 days.
    for (const month of [
      { year: 2025, month: 6 },
      { year: 2026, month: 2 },
      { year: 2025, month: 11 },
    ]) {
      const cells = monthGrid(month);
      expect(cells).toHaveLength(42);
      expect(new Date(`${cells[0]!.date}T12:00:00Z`).getUTCDay()).toBe(0);
      expect(cells.filter((c) => c.inMonth)[0]!.day).toBe(1);
    }
    const november = monthGrid({ year: 2025, month: 11 });
    expect(november[0]).toEqual({ date: '2025-10-26', day: 26, inMonth: false });
    expect(november[6]).toEqual({ date: '2025-11-01', day: 1, inMonth: true });
    expect(november.at(-1)).toEqual({ date: '2025-12-06', day: 6, inMonth: false });
  });

  it('moves between months across years', () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
  });

  it('asks for the grid’s first and last day', () => {
    expect(gridRange({ year: 2025, month: 11 })).toEqual({
      startDate: '2025-10-26',
      endDate: '2025-12-06',
    });
  });

  it('puts events on every day they cover, in their own zone', () => {
    const late = { id: 'a', startTime: '2025-03-05T02:30:00Z', endTime: '2025-03-05T03:30:00Z' };
    const long = { id: 'b', startTime: '2025-03-04T15:00:00Z', endTime: '2025-03-06T23:00:00Z' };
    expect(eventDays(late)).toEqual(['2025-03-04']);
    expect(eventDays(long)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06']);
    const byDay = eventsByDay([late, long]);
    expect(byDay.get('2025-03-04')!.map((e) => e.id)).toEqual(['b', 'a']);
    expect(byDay.get('2025-03-06')!.map((e) => e.id)).toEqual(['b']);
  });

  it('shows two titles and counts the rest', () => {
    expect(splitForCell([1, 2, 3, 4])).toEqual({ shown: [1, 2], more: 2 });
    expect(splitForCell([1])).toEqual({ shown: [1], more: 0 });
  });
});
