import { type EventTicket, formatMoney, ticketPriceFor } from '@chamber/contract';

/** What a party pays before it registers: each seat's price, the rate that applies, the total. */
export interface PartyPrice {
  unitCents: number;
  seats: number;
  /** Dates of a series registered in one step; 1 for one date. */
  dates: number;
  totalCents: number;
  currency: string;
  member: boolean;
  online: boolean;
}

/** The party's price, or null for a free event (or a party size not yet valid). */
export function partyPrice(
  ticket: EventTicket | null,
  guestsText: string,
  dates = 1,
): PartyPrice | null {
  if (!ticket || ticket.viewerPriceCents === null || ticket.viewerPriceCents === 0) return null;
  const seats = /^\d+$/.test(guestsText.trim()) ? Number(guestsText) : NaN;
  if (!(seats >= 1 && seats <= 10)) return null;
  const unitCents = ticket.viewerPriceCents;
  return {
    unitCents,
    seats,
    dates,
    totalCents: unitCents * seats * dates,
    currency: ticket.currency,
    member: ticket.viewerIsMember,
    online: ticket.payment === 'online',
  };
}

/** The submit button's words: 'Continue to payment — $90.00' when the card is taken next. */
export function registerLabel(price: PartyPrice | null): string {
  return price?.online
    ? `Continue to payment — ${formatMoney(price.totalCents, price.currency)}`
    : 'Register';
}

/**
 * The price summary of the registration dialog: the ticket price per seat, the member or
 * non-member rate that applies (and the other rate, for a visitor who could be a member), the
 * party and the total, and when it is paid.
 */
export function RegistrationPrice({
  ticket,
  price,
}: {
  ticket: EventTicket;
  price: PartyPrice | null;
}) {
  const money = (cents: number) => formatMoney(cents, ticket.currency);
  const memberCents = ticketPriceFor(ticket, true);
  const otherRate =
    !ticket.viewerIsMember && memberCents !== null && memberCents < (ticket.viewerPriceCents ?? 0)
      ? `Members with an active membership pay ${money(memberCents)} a seat.`
      : null;
  const row = 'flex justify-between gap-4';
  return (
    <section aria-label="Price" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      {price ? (
        <dl className="grid gap-1">
          <div className={row}>
            <dt>Ticket price</dt>
            <dd>{money(price.unitCents)} a seat</dd>
          </div>
          <div className={row}>
            <dt>Rate</dt>
            <dd>{price.member ? 'Member rate' : 'Non-member rate'}</dd>
          </div>
          <div className={row}>
            <dt>Party</dt>
            <dd>
              {price.seats} {price.seats === 1 ? 'seat' : 'seats'}
              {price.dates > 1 ? ` × ${price.dates} dates` : ''}
            </dd>
          </div>
          <div className={`${row} border-t pt-1 text-base font-semibold`}>
            <dt>Total</dt>
            <dd>{money(price.totalCents)}</dd>
          </div>
        </dl>
      ) : (
        <p>Choose the number of guests to see the total.</p>
      )}
      {otherRate ? <p className="text-muted-foreground">{otherRate}</p> : null}
      <p className="text-muted-foreground">
        {ticket.payment === 'online'
          ? 'Paid by card on the next page; your seats are held while you pay.'
          : 'Paid at the door.'}
      </p>
    </section>
  );
}
