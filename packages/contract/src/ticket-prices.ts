// An event's ticket prices as plain functions, in a module of their own (no schemas), so a
// page that shows or edits a price does not bundle the schema library for it.

/**
 * A price as people type it ('25', '25.5', '$1,200.00') in cents, or null when it is not an
 * amount with at most two decimals. Read from the digits, never through floating point.
 */
export function parsePriceCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** '25.00' for 2500: a price field's starting text. */
export const priceText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The prices an event sets; both null (or 0) is a free event. */
export interface TicketPrices {
  memberPriceCents: number | null;
  priceCents: number | null;
}

/**
 * The price of one seat for a viewer: a member pays the member price, anyone else the
 * non-member price; a price left out is the other's. Null: free.
 */
export function ticketPriceFor(prices: TicketPrices, isMember: boolean): number | null {
  const own = isMember ? prices.memberPriceCents : prices.priceCents;
  const other = isMember ? prices.priceCents : prices.memberPriceCents;
  const price = own ?? other;
  return price && price > 0 ? price : null;
}
