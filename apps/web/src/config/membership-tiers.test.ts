import { describe, expect, it } from 'vitest';
import { makePlans } from '@/test/fake-api';
import {
  comparisonRows,
  formatTierPrice,
  includes,
  planName,
  tiersBelow,
  tiersFromPlans,
} from './membership-tiers';

describe('membership tiers from the plans', () => {
  it('orders the levels lowest first, at their fixed pages, priced from the plans', () => {
    const tiers = tiersFromPlans([...makePlans()].reverse());
    expect(tiers.map((t) => [t.id, t.name, formatTierPrice(t), t.href])).toEqual([
      ['basic', 'Basic', '$300', '/basic-membership'],
      ['enhanced', 'Enhanced', '$550', '/enhanced-membership'],
      ['elite', 'Elite', '$900', '/elite-membership'],
    ]);
    expect(tiers.filter((t) => t.mostPopular).map((t) => t.id)).toEqual(['enhanced']);
  });

  it('shows cents only when a price has some, in the chamber’s currency', () => {
    expect(formatTierPrice({ priceCents: 61_250, currency: 'USD' })).toBe('$612.50');
    expect(formatTierPrice({ priceCents: 55_000, currency: 'EUR' })).toBe('€550');
  });

  it('gives each level its own benefits and everything below it', () => {
    const tiers = tiersFromPlans(makePlans());
    const rows = comparisonRows(tiers);
    const radio = rows.find((b) => b.label === 'A yearly radio spotlight')!;
    const directory = rows.find((b) => b.label === 'Listing in the member directory')!;
    expect([
      includes('basic', radio),
      includes('enhanced', radio),
      includes('elite', radio),
    ]).toEqual([false, false, true]);
    expect(['basic', 'enhanced', 'elite'].every((t) => includes(t as 'basic', directory))).toBe(
      true,
    );
    expect(rows).toHaveLength(6 + 5 + 3);
    expect(tiersBelow(tiers, 'elite').map((t) => t.id)).toEqual(['enhanced', 'basic']);
  });

  it("names a level by its plan, the API's standard as the lowest plan's name", () => {
    const plans = makePlans({ standard: { name: 'Starter' } });
    expect(planName('standard', plans)).toBe('Starter');
    expect(planName(null, plans)).toBe('Starter');
    expect(planName('elite', plans)).toBe('Elite');
    // Before the plans have loaded: the spec's names.
    expect(planName('standard', undefined)).toBe('Basic');
  });
});
