import { formatDateKey } from '@chamber/contract';

const day = (key: string) =>
  formatDateKey(key, { month: 'short', day: 'numeric', year: 'numeric' });

/** A package's period as people read it: 'Nov 1, 2026 – Oct 31, 2027' (days, no zone shift). */
export const periodText = (pkg: { startsOn: string; endsOn: string }) =>
  `${day(pkg.startsOn)} – ${day(pkg.endsOn)}`;
