import { describe, expect, it } from 'vitest';
import { futureEvents, upcomingWindow } from './upcoming-events';

describe('upcoming events', () => {
  it('reads a year from the start of the current month on the chamber clock', () => {
    // 03:00 UTC on April 1st is still March 31st in Denver.
    expect(upcomingWindow('cal-1', new Date('2026-04-01T03:00:00Z'))).toEqual({
      calendarId: 'cal-1',
      startDate: '2026-03-01',
      endDate: '2027-02-28',
    });
  });

  it('keeps events that have not started, soonest first', () => {
    const now = Date.parse('2025-03-04T12:00:00Z');
    const events = [
      { id: 'later', startTime: '2025-03-09T12:00:00Z' },
      { id: 'past', startTime: '2025-03-01T12:00:00Z' },
      { id: 'soon', startTime: '2025-03-05T12:00:00Z' },
    ];
    expect(futureEvents(events, now).map((e) => e.id)).toEqual(['soon', 'later']);
  });
});
