import { describe, expect, it } from 'vitest';
import {
  benefitsAddedBy,
  formatPrice,
  includes,
  membershipBenefits,
  membershipTier,
  membershipTierList,
} from './membership-tiers';

describe('membership tiers', () => {
  it('prices the levels as spec §9 does, Enhanced the most popular', () => {
    expect(membershipTierList.map((t) => [t.id, formatPrice(t.pricePerYear)])).toEqual([
      ['basic', '$300'],
      ['enhanced', '$550'],
      ['elite', '$900'],
    ]);
    expect(membershipTierList.filter((t) => t.mostPopular).map((t) => t.id)).toEqual(['enhanced']);
  });

  it('gives each level its own benefits and everything below it', () => {
    const radio = membershipBenefits.find((b) => b.label === 'A yearly radio spotlight')!;
    const directory = membershipBenefits.find((b) => b.from === 'basic')!;
    expect([
      includes('basic', radio),
      includes('enhanced', radio),
      includes('elite', radio),
    ]).toEqual([false, false, true]);
    expect(['basic', 'enhanced', 'elite'].every((t) => includes(t as 'basic', directory))).toBe(
      true,
    );
    expect(benefitsAddedBy('basic')).toHaveLength(6);
    expect(benefitsAddedBy('enhanced')).toHaveLength(5);
    expect(benefitsAddedBy('elite')).toHaveLength(7);
  });

  it('says quarterly for education courses wherever they appear', () => {
    const mentions = [
      ...membershipBenefits.map((b) => b.label),
      ...membershipTierList.flatMap((t) => t.highlights),
    ].filter((line) => /course/i.test(line));
    expect(mentions.length).toBeGreaterThan(1);
    expect(mentions.every((line) => /quarterly/.test(line) && !/monthly/.test(line))).toBe(true);
  });

  it('finds a level by id', () => {
    expect(membershipTier('elite').name).toBe('Elite');
  });
});
