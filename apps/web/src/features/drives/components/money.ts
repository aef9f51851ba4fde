import { formatMoney } from '@chamber/contract';

/** Whole currency units or with cents ('1500', '1,500.50') as cents; null when it is not one. */
export function parseCents(text: string): number | null {
  const clean = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents > 0 ? cents : null;
}

export const money = (cents: number, currency: string) => formatMoney(cents, currency);

/** A share of the goal, 0 to 100, for a progress bar. */
export const percentOf = (cents: number, goal: number) =>
  goal > 0 ? Math.min(100, Math.round((cents / goal) * 100)) : 0;
