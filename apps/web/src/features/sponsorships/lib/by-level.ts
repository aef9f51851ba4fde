import type { SponsorLevel, SponsorPlacement } from '@chamber/contract';

/** The levels in the order an event's strip shows them (the contract's sponsorLevels). */
const ORDER: (SponsorLevel | null)[] = ['presenting', 'gold', 'silver', null];
const NAMES = { presenting: 'Presenting sponsor', gold: 'Gold sponsor', silver: 'Silver sponsor' };

/**
 * The sponsors by level, presenting first, then gold, silver, and those without a level. A
 * slot whose sponsors have no level (every slot but an event's) is one group without a label.
 */
export function byLevel(
  sponsors: SponsorPlacement[],
): { level: SponsorLevel | null; label: string | null; sponsors: SponsorPlacement[] }[] {
  if (sponsors.every((s) => s.level === null)) return [{ level: null, label: null, sponsors }];
  return ORDER.map((level) => {
    const members = sponsors.filter((s) => s.level === level);
    const label = (level ? NAMES[level] : 'Sponsor') + (members.length === 1 ? '' : 's');
    return { level, label, sponsors: members };
  }).filter((g) => g.sponsors.length > 0);
}
