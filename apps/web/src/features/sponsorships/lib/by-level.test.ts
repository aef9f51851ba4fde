import type { SponsorPlacement } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import { byLevel } from './by-level';

const sponsor = (id: string, level: SponsorPlacement['level']): SponsorPlacement => ({
  id,
  businessName: id,
  logoUrl: null,
  logoAlt: id,
  link: null,
  clickUrl: null,
  level,
});

describe("an event's sponsor strip by level", () => {
  it('puts the presenting sponsor first, then gold, silver and those without a level', () => {
    const groups = byLevel([
      sponsor('s1', 'silver'),
      sponsor('g1', 'gold'),
      sponsor('n1', null),
      sponsor('p1', 'presenting'),
      sponsor('g2', 'gold'),
    ]);
    expect(groups.map((g) => [g.label, g.sponsors.map((s) => s.id)])).toEqual([
      ['Presenting sponsor', ['p1']],
      ['Gold sponsors', ['g1', 'g2']],
      ['Silver sponsor', ['s1']],
      ['Sponsor', ['n1']],
    ]);
  });

  it('is one group without a label on a slot without levels', () => {
    const all = [sponsor('a', null), sponsor('b', null)];
    expect(byLevel(all)).toEqual([{ level: null, label: null, sponsors: all }]);
  });
});
