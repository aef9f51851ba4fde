import { describe, expect, it } from 'vitest';
import { jobFormValues, jobInput, payCents } from './job-form';

describe('the job form', () => {
  it('starts a new post closing 30 days from today', () => {
    expect(jobFormValues(null, '2026-01-15').closesOn).toBe('2026-02-14');
  });

  it('reads pay as the currency’s units and sends cents', () => {
    expect(payCents('18.50')).toBe(1850);
    expect(payCents('$1,200')).toBe(120_000);
    expect(payCents('')).toBeNull();
    expect(payCents('about 20')).toBeUndefined();
    const values = { ...jobFormValues(null, '2026-01-15'), payMin: '18', payMax: '22.5' };
    expect(jobInput({ ...values, payPeriod: 'hour' })).toMatchObject({
      input: { payMinCents: 1800, payMaxCents: 2250, payPeriod: 'hour' },
    });
    expect(jobInput({ ...values, payMin: 'lots' })).toEqual({
      error: 'The lowest pay must be an amount, like 18.50.',
    });
  });
});
