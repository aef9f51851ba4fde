import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/test/calendar-events';
import { homeSlides } from './home-slides';

describe('homeSlides', () => {
  it('puts the main slide first, then at most 3 events, then the three levels', () => {
    const events = ['a', 'b', 'c', 'd'].map((id) => makeEvent({ id, title: `Event ${id}` }));
    expect(homeSlides(events).map((s) => s.name)).toEqual([
      'Why Join The Chamber ?',
      'Event a',
      'Event b',
      'Event c',
      'Basic Membership',
      'Enhanced Membership',
      'Elite Membership',
    ]);
  });

  it('shows only the main and membership slides when the events failed to load', () => {
    expect(homeSlides(null).map((s) => s.kind)).toEqual([
      'main',
      'membership',
      'membership',
      'membership',
    ]);
  });
});
