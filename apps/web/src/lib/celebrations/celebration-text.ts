import { type CelebrationStatus, dateTimeFormat, formatMoney } from '@chamber/contract';

export const statusLabels: Record<CelebrationStatus, string> = {
  pending: 'Waiting for staff',
  proposed: 'New time proposed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Withdrawn',
};

/** A start as the chamber's wall clock reads it: 'Tuesday, April 21, 2026, 12:00 PM'. */
export function whenText(start: string, timezone: string): string {
  return dateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(start));
}

export const feeText = (cents: number, currency: string) =>
  cents > 0 ? `The chamber invoices ${formatMoney(cents, currency)} once it is confirmed.` : '';
