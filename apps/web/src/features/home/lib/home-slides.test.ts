import { describe, expect, it } from 'vitest';
import { tiersFromPlans } from '@/config/membership-tiers';
import { makeEvent } from '@/test/calendar-events';
import { makePlans } from '@/test/fake-api';
import { homeSlides } from './home-slides';

const tiers = tiersFromPlans(makePlans({ standard: { name: 'Starter' } }));

describe('homeSlides', () => {
  it('puts the main slide first, then at most 3 events, then the plans by their names', () => {
    const events = ['a', 'b', 'c', 'd'].map((id) => makeEvent({ id, title: `Event ${id}` }));
    expect(homeSlides(events, tiers).map((s) => s.name)).toEqual([
      'Why Join The Chamber ?',
      'Event a',
      'Event b',
      'Event c',
      'Starter Membership',
      'Enhanced Membership',
      'Elite Membership',
    ]);
  });

  it('shows only the main and membership slides when the events failed to load', () => {
    expect(homeSlides(null, tiers).map((s) => s.kind)).toEqual([
      'main',
      'membership',
      'membership',
      'membership',
    ]);
  });
});
