import { describe, expect, it } from 'vitest';
import { recommendedSeriesChoice } from './series-choice.js';

const DENVER = 'America/Denver';
/** Tuesday March 24, 2026, 7:30 to 8:30 in Denver (MDT, UTC-6). */
const shown = { startTime: '2026-03-24T13:30:00.000Z', endTime: '2026-03-24T14:30:00.000Z' };

describe('the recommended choice of a series edit', () => {
  it('is only this event when the date moves, whatever the time does', () => {
    const wednesday = {
      startTime: '2026-03-25T13:30:00.000Z',
      endTime: '2026-03-25T14:30:00.000Z',
    };
    expect(recommendedSeriesChoice(shown, wednesday, DENVER)).toBe('this_event');
    const laterOnWednesday = {
      startTime: '2026-03-25T15:00:00.000Z',
      endTime: '2026-03-25T16:00:00.000Z',
    };
    expect(recommendedSeriesChoice(shown, laterOnWednesday, DENVER)).toBe('this_event');
  });

  it('is all events when the time of day or the length changes on the same date', () => {
    const nineOClock = {
      startTime: '2026-03-24T15:00:00.000Z',
      endTime: '2026-03-24T16:00:00.000Z',
    };
    expect(recommendedSeriesChoice(shown, nineOClock, DENVER)).toBe('all_events');
    const longer = { startTime: shown.startTime, endTime: '2026-03-24T15:00:00.000Z' };
    expect(recommendedSeriesChoice(shown, longer, DENVER)).toBe('all_events');
  });

  it('is this and following when the times stay, such as a new place or title', () => {
    expect(recommendedSeriesChoice(shown, { ...shown }, DENVER)).toBe('this_and_following_events');
  });

  it('reads dates in the event’s zone: 10 PM local is still the same day', () => {
    // 10:00 PM MDT on March 24 is March 25 in UTC; moving 7:30 AM to 10 PM is a time change.
    const late = { startTime: '2026-03-25T04:00:00.000Z', endTime: '2026-03-25T05:00:00.000Z' };
    expect(recommendedSeriesChoice(shown, late, DENVER)).toBe('all_events');
  });
});
