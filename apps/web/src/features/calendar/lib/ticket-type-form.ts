import {
  dateKeyIn,
  localDateTime,
  parsePriceCents,
  priceText,
  timeIn,
  type TicketType,
  type TicketTypeInput,
  zonedTimeToUtc,
} from '@chamber/contract';

/** The staff form's fields as typed: prices in dollars, the sale window in the chamber's zone. */
export interface TicketTypeFormValues {
  name: string;
  memberPrice: string;
  price: string;
  quantity: string;
  /** 'YYYY-MM-DDTHH:mm' on the chamber's clock (a datetime-local field), or ''. */
  salesOpenAt: string;
  salesCloseAt: string;
  perOrderLimit: string;
  seatsPerTicket: string;
  sortOrder: string;
}

const localText = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const at = new Date(iso);
  return `${dateKeyIn(at, timeZone)}T${timeIn(at, timeZone)}`;
};

/** A new type starts as one seat, eight to an order; an existing one as it is. */
export function ticketTypeFormValues(
  type: TicketType | null,
  timeZone: string,
  nextSortOrder = 0,
): TicketTypeFormValues {
  return {
    name: type?.name ?? '',
    memberPrice: type?.memberPriceCents != null ? priceText(type.memberPriceCents) : '',
    price: type?.priceCents != null ? priceText(type.priceCents) : '',
    quantity: type?.quantity != null ? String(type.quantity) : '',
    salesOpenAt: localText(type?.salesOpenAt ?? null, timeZone),
    salesCloseAt: localText(type?.salesCloseAt ?? null, timeZone),
    perOrderLimit: String(type?.perOrderLimit ?? 8),
    seatsPerTicket: String(type?.seatsPerTicket ?? 1),
    sortOrder: String(type?.sortOrder ?? nextSortOrder),
  };
}

const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text) : null);

function moment(text: string, timeZone: string): string | null | undefined {
  if (text.trim() === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  return zonedTimeToUtc(localDateTime(match[1]!, match[2]!), timeZone).toISOString();
}

/**
 * What the form sends, or the first thing wrong with it in words. The server checks the
 * same and more (a ticket's seats against the capacity, what is already sold).
 */
export function ticketTypeInputOf(
  values: TicketTypeFormValues,
  timeZone: string,
): { input: TicketTypeInput } | { error: string } {
  const name = values.name.trim();
  if (!name) return { error: 'A ticket type needs a name.' };
  const price = (text: string) => (text.trim() === '' ? null : parsePriceCents(text));
  const memberPriceCents = price(values.memberPrice);
  const priceCents = price(values.price);
  if (memberPriceCents === null && values.memberPrice.trim() !== '') {
    return { error: 'The member price is an amount like 75 or 75.50.' };
  }
  if (priceCents === null && values.price.trim() !== '') {
    return { error: 'The price is an amount like 100 or 99.50.' };
  }
  const quantity = values.quantity.trim() === '' ? null : wholeNumber(values.quantity);
  if (values.quantity.trim() !== '' && (quantity === null || quantity < 1)) {
    return { error: 'The quantity is a whole number of at least 1, or empty for no limit.' };
  }
  const perOrderLimit = wholeNumber(values.perOrderLimit);
  if (perOrderLimit === null || perOrderLimit < 1 || perOrderLimit > 100) {
    return { error: 'The per-order limit is a whole number from 1 to 100.' };
  }
  const seatsPerTicket = wholeNumber(values.seatsPerTicket);
  if (seatsPerTicket === null || seatsPerTicket < 1 || seatsPerTicket > 100) {
    return { error: 'Seats per ticket is a whole number from 1 to 100.' };
  }
  const sortOrder = wholeNumber(values.sortOrder) ?? 0;
  const salesOpenAt = moment(values.salesOpenAt, timeZone);
  const salesCloseAt = moment(values.salesCloseAt, timeZone);
  if (salesOpenAt === undefined || salesCloseAt === undefined) {
    return { error: 'A sale date is a date and a time.' };
  }
  if (salesOpenAt && salesCloseAt && salesOpenAt >= salesCloseAt) {
    return { error: 'The sale must open before it closes.' };
  }
  return {
    input: {
      name,
      memberPriceCents,
      priceCents,
      quantity,
      salesOpenAt,
      salesCloseAt,
      perOrderLimit,
      seatsPerTicket,
      sortOrder: Math.min(sortOrder, 1000),
    },
  };
}
