import { describe, expect, it } from 'vitest';
import { buildRrule, describeRrule, repeatLabel } from './recurrence';

const DENVER = 'America/Denver';

describe('recurrence', () => {
  it('builds rules that include the start date', () => {
    // 17 March 2026 is the third Tuesday; 31 March the fifth (last).
    expect(buildRrule({ kind: 'none', startDate: '2026-03-17' }, DENVER)).toBeNull();
    expect(buildRrule({ kind: 'weekly', startDate: '2026-03-17' }, DENVER)).toBe(
      'FREQ=WEEKLY;BYDAY=TU',
    );
    expect(buildRrule({ kind: 'biweekly', startDate: '2026-03-17' }, DENVER)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
    );
    expect(buildRrule({ kind: 'monthly', startDate: '2026-03-17' }, DENVER)).toBe(
      'FREQ=MONTHLY;BYDAY=3TU',
    );
    expect(buildRrule({ kind: 'monthly', startDate: '2026-03-31' }, DENVER)).toBe(
      'FREQ=MONTHLY;BYDAY=-1TU',
    );
    expect(
      buildRrule({ kind: 'daily', startDate: '2026-03-17', until: '2026-06-30' }, DENVER),
    ).toBe('FREQ=DAILY;UNTIL=20260701T055959Z');
  });

  it('labels the choices from the start date', () => {
    expect(repeatLabel('weekly', '2026-03-17')).toBe('Every week on Tuesday');
    expect(repeatLabel('monthly', '2026-03-31')).toBe('Every month on the last Tuesday');
  });

  it('describes rules in words, with their end on the calendar’s clock', () => {
    expect(describeRrule('FREQ=WEEKLY;BYDAY=TU', DENVER)).toBe('Every week on Tuesday');
    expect(describeRrule('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR', DENVER)).toBe(
      'Every 2 weeks on Monday, Wednesday and Friday',
    );
    expect(describeRrule('FREQ=MONTHLY;BYDAY=2TH;COUNT=10', DENVER)).toBe(
      'Every month on the second Thursday, 10 times',
    );
    expect(describeRrule('FREQ=DAILY;UNTIL=20260701T055959Z', DENVER)).toBe(
      'Every day, until June 30, 2026',
    );
    expect(describeRrule(null, DENVER)).toBe('Does not repeat');
  });
});
