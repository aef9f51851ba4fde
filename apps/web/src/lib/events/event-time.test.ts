import { describe, expect, it } from 'vitest';
import { formatEventDate, formatEventTimeRange } from './event-time';

describe('event times', () => {
  it('shows an event on its own zone’s clock with the zone’s abbreviation', () => {
    const event = { startTime: '2025-03-04T14:30:00Z', endTime: '2025-03-04T15:30:00Z' };
    expect(formatEventDate(event)).toBe('Tuesday, March 4, 2025');
    expect(formatEventTimeRange(event)).toBe('7:30 AM – 8:30 AM MST');
    expect(formatEventTimeRange({ ...event, timezone: 'America/New_York' }, { zone: false })).toBe(
      '9:30 AM – 10:30 AM',
    );
  });

  it('gives a range for several days and says All day', () => {
    const event = {
      startTime: '2025-07-10T15:00:00Z',
      endTime: '2025-07-12T23:00:00Z',
      isAllDay: true,
    };
    expect(formatEventDate(event)).toBe('Thursday, July 10 – Saturday, July 12, 2025');
    expect(formatEventTimeRange(event)).toBe('All day');
    // Ending at midnight does not count the next day.
    expect(
      formatEventDate({ startTime: '2025-07-10T06:00:00Z', endTime: '2025-07-11T06:00:00Z' }),
    ).toBe('Thursday, July 10, 2025');
  });
});
