import type { PromoCode } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import {
  promoCodeFormValues,
  promoCodeInputOf,
  scopeText,
  usesText,
  windowText,
} from './promo-code-form';

const zone = 'America/Denver';
const eventId = '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const typeId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const code = (over: Partial<PromoCode> = {}): PromoCode => ({
  id: '11111111-2222-4333-8444-555555555555',
  code: 'SPONSOR20',
  description: 'Annual Dinner sponsors',
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  eventId,
  eventTitle: 'Annual Dinner',
  ticketTypeIds: [typeId],
  usageLimit: 10,
  uses: 3,
  validFrom: '2026-12-01T16:00:00.000Z',
  validUntil: null,
  membersOnly: true,
  endedAt: null,
  status: 'scheduled',
  ...over,
});

describe('the promo code form', () => {
  it('sends what staff typed: the window from the chamber’s clock, the amount in cents', () => {
    const values = {
      ...promoCodeFormValues(null, zone),
      code: ' DINNER25 ',
      kind: 'amount' as const,
      amountOff: '25.50',
      usageLimit: '5',
      validFrom: '2026-12-01T09:00',
      validUntil: '2026-12-31T23:59',
    };
    expect(promoCodeInputOf(values, zone)).toEqual({
      input: {
        code: 'DINNER25',
        description: '',
        kind: 'amount',
        percentOff: null,
        amountOffCents: 2550,
        eventId: null,
        ticketTypeIds: [],
        usageLimit: 5,
        validFrom: '2026-12-01T16:00:00.000Z',
        validUntil: '2027-01-01T06:59:00.000Z',
        membersOnly: false,
      },
    });
  });

  it('reads a stored code back into the same body', () => {
    const stored = code();
    const parsed = promoCodeInputOf(promoCodeFormValues(stored, zone), zone);
    expect(parsed).toEqual({
      input: {
        code: 'SPONSOR20',
        description: 'Annual Dinner sponsors',
        kind: 'percent',
        percentOff: 20,
        amountOffCents: null,
        eventId,
        ticketTypeIds: [typeId],
        usageLimit: 10,
        validFrom: '2026-12-01T16:00:00.000Z',
        validUntil: null,
        membersOnly: true,
      },
    });
  });

  it('refuses what the server’s schema refuses, in its words', () => {
    const base = promoCodeFormValues(null, zone);
    const error = (over: Partial<typeof base>) => {
      const r = promoCodeInputOf({ ...base, code: 'GOOD1', percentOff: '10', ...over }, zone);
      return 'error' in r ? r.error : null;
    };
    expect(error({})).toBeNull();
    expect(error({ code: 'ab' })).toBe('A code is 3 to 40 letters, digits, dashes or underscores');
    expect(error({ code: 'NO SPACES' })).toBe(
      'A code is 3 to 40 letters, digits, dashes or underscores',
    );
    expect(error({ percentOff: '' })).toBe('Give the percent off');
    expect(error({ percentOff: '101' })).toBe('Percent off is a whole number from 1 to 100');
    expect(error({ kind: 'amount', amountOff: '' })).toBe('Give the amount off');
    expect(error({ kind: 'amount', amountOff: 'ten' })).toBe(
      'The amount off is an amount like 25 or 25.50.',
    );
    expect(error({ usageLimit: '0' })).toBe('Usage limit is a whole number from 1 to 1000000');
    expect(error({ validFrom: '2026-12-02T09:00', validUntil: '2026-12-01T09:00' })).toBe(
      'The end must be after the start',
    );
  });

  it('describes a code in the list', () => {
    expect(scopeText(code())).toBe('Annual Dinner: 1 ticket type');
    expect(scopeText(code({ eventId: null, eventTitle: null, ticketTypeIds: [] }))).toBe(
      'Every event',
    );
    expect(usesText(code())).toBe('3 of 10 uses');
    expect(usesText(code({ usageLimit: null, uses: 1 }))).toBe('1 use, no limit');
    expect(windowText(code(), zone)).toBe('From Dec 1, 2026, 9:00 AM');
    expect(windowText(code({ validFrom: null }), zone)).toBe('Any time');
  });
});
