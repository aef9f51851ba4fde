import { dateTimeFormat } from '@chamber/contract';

/** The archive's page of `?page=N` (1 for none or anything else). */
export function newsPageOf(page: string | null | undefined): number {
  return /^[1-9]\d{0,3}$/.test(page ?? '') ? Number(page) : 1;
}

/**
 * 'March 3, 2026' for the day a message was sent, the chamber's day (its time zone): the same
 * on the server that renders the page and in every visitor's browser.
 */
export const sentDayOf = (iso: string, timeZone: string | undefined) =>
  dateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
