import { describe, expect, it } from 'vitest';
import {
  dueReminderDay,
  addYears,
  firstTerm,
  formatMoney,
  nextTerm,
  paymentStatusOf,
  standingOn,
  upgradeParts,
} from './dues-terms.js';

describe('dues terms', () => {
  it('runs an anniversary term a year from the day paid', () => {
    expect(firstTerm('anniversary', '2026-03-15', 55000)).toEqual({
      startsOn: '2026-03-15',
      endsOn: '2027-03-14',
      amountCents: 55000,
    });
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('prorates the first calendar-year term by month, the month of payment included', () => {
    expect(firstTerm('calendar_year', '2026-10-20', 30000)).toEqual({
      startsOn: '2026-10-20',
      endsOn: '2026-12-31',
      amountCents: 7500,
    });
    expect(firstTerm('calendar_year', '2026-01-02', 55000).amountCents).toBe(55000);
  });

  it('renews from the day after the paid-through date, however early or late it is paid', () => {
    expect(nextTerm('anniversary', '2027-03-14', 55000)).toEqual({
      startsOn: '2027-03-15',
      endsOn: '2028-03-14',
      amountCents: 55000,
    });
    expect(nextTerm('calendar_year', '2026-12-31', 90000)).toEqual({
      startsOn: '2027-01-01',
      endsOn: '2027-12-31',
      amountCents: 90000,
    });
  });

  it('charges the difference for the days left in each term on an upgrade, nothing on a downgrade', () => {
    // 1 July to 31 December: 184 of 365 days of the 350.00 difference.
    expect(upgradeParts('calendar_year', '2026-12-31', 55000, 90000, '2026-07-01').totalCents).toBe(
      Math.round((35000 * 184) / 365),
    );
    expect(upgradeParts('calendar_year', '2026-12-31', 55000, 90000, '2026-01-01').totalCents).toBe(
      35000,
    );
    expect(upgradeParts('calendar_year', '2026-12-31', 90000, 55000, '2026-07-01').totalCents).toBe(
      0,
    );
    // In grace nothing is paid ahead: nothing to price.
    expect(upgradeParts('anniversary', '2026-06-30', 30000, 90000, '2026-07-01').parts).toEqual([]);
  });

  it('prices an upgrade per term: a renewal paid ahead adds its whole term', () => {
    // Basic paid through 20 Dec 2026 and renewed to 20 Dec 2027; Elite from 30 Nov 2026.
    const { parts, totalCents } = upgradeParts(
      'anniversary',
      '2027-12-20',
      30000,
      90000,
      '2026-11-30',
    );
    expect(parts).toEqual([
      {
        startsOn: '2025-12-21',
        endsOn: '2026-12-20',
        days: 365,
        daysCharged: 21,
        amountCents: 3452,
      },
      {
        startsOn: '2026-12-21',
        endsOn: '2027-12-20',
        days: 365,
        daysCharged: 365,
        amountCents: 60000,
      },
    ]);
    expect(totalCents).toBe(63452);
  });

  it('is active through the paid-through date, in grace for the grace days, then lapsed', () => {
    expect(standingOn('2026-06-30', 30, '2026-06-30')).toBe('active');
    expect(standingOn('2026-06-30', 30, '2026-07-01')).toBe('grace');
    expect(standingOn('2026-06-30', 30, '2026-07-30')).toBe('grace');
    expect(standingOn('2026-06-30', 30, '2026-07-31')).toBe('lapsed');
  });

  it("reads a membership's standing as the spec's payment status", () => {
    expect(paymentStatusOf('active')).toBe('paid');
    expect(paymentStatusOf('grace')).toBe('pending');
    expect(paymentStatusOf('lapsed')).toBe('failed');
    expect(formatMoney(55000)).toBe('$550.00');
  });
});

describe('dueReminderDay', () => {
  it('is the nearest reminder day not yet passed', () => {
    expect(dueReminderDay('2026-12-31', '2026-12-01', [30, 14, 1])).toBe(30);
    expect(dueReminderDay('2026-12-31', '2026-11-30', [30, 14, 1])).toBeNull();
    expect(dueReminderDay('2026-12-31', '2026-12-20', [30, 14, 1])).toBe(14);
    expect(dueReminderDay('2026-12-31', '2026-12-30', [30, 14, 1])).toBe(1);
    expect(dueReminderDay('2026-12-31', '2026-12-31', [30, 14, 1])).toBe(1);
    expect(dueReminderDay('2026-12-31', '2027-01-01', [30, 14, 1])).toBeNull();
  });
});
