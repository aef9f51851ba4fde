import { describe, expect, it } from 'vitest';
import { periodText } from './period';

describe('periodText', () => {
  it('reads the days as written, whatever the zone', () => {
    expect(periodText({ startsOn: '2026-11-01', endsOn: '2027-10-31' })).toBe(
      'Nov 1, 2026 – Oct 31, 2027',
    );
  });
});
