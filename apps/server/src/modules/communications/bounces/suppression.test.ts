import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suppressionFor, type DeliveryOutcome } from './suppression.js';

const outcome = fc.constantFrom<DeliveryOutcome>('hard', 'soft', 'complaint', 'delivered');

describe('suppressionFor', () => {
  it('suppresses on a hard bounce or a complaint, and on the third soft bounce in a row', () => {
    expect(suppressionFor([])).toBeNull();
    expect(suppressionFor(['delivered', 'hard'])).toBe('hard-bounce');
    expect(suppressionFor(['complaint'])).toBe('complaint');
    expect(suppressionFor(['soft', 'soft'])).toBeNull();
    expect(suppressionFor(['soft', 'soft', 'soft'])).toBe('soft-bounces');
    expect(suppressionFor(['soft', 'soft', 'delivered', 'soft'])).toBeNull();
    expect(suppressionFor(['soft', 'delivered', 'soft', 'soft', 'soft'])).toBe('soft-bounces');
  });

  it('agrees with the rule on any history', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 30 }), (history) => {
        const anyHardOrComplaint = history.some((o) => o === 'hard' || o === 'complaint');
        // Runs of soft bounces between deliveries (hard and complaints aside).
        const runs = history
          .filter((o) => o === 'soft' || o === 'delivered')
          .join(' ')
          .split('delivered')
          .map((run) => run.split(' ').filter((o) => o === 'soft').length);
        const threeInARow = runs.some((length) => length >= 3);
        expect(suppressionFor(history) !== null).toBe(anyHardOrComplaint || threeInARow);
      }),
    );
  });

  it('once suppressed, stays suppressed whatever follows', () => {
    fc.assert(
      fc.property(fc.array(outcome), fc.array(outcome), (before, after) => {
        fc.pre(suppressionFor(before) !== null);
        expect(suppressionFor([...before, ...after])).toBe(suppressionFor(before));
      }),
    );
  });
});
