import type { TicketType } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import { itemsOf, mostOf } from './order-dialog';

const type = (overrides: Partial<TicketType>): TicketType => ({
  id: 't-1',
  eventId: 'e-1',
  name: 'Table of 8',
  memberPriceCents: 56_000,
  priceCents: 76_000,
  quantity: 10,
  salesOpenAt: null,
  salesCloseAt: null,
  perOrderLimit: 2,
  seatsPerTicket: 8,
  sortOrder: 0,
  sold: 0,
  viewerPriceCents: 76_000,
  ticketsLeft: 10,
  onSale: true,
  closedReason: null,
  closedMessage: null,
  ...overrides,
});

describe('the order form’s limits', () => {
  it('lets a type be ordered up to its per-order limit and what is left', () => {
    expect(mostOf(type({}))).toBe(2);
    expect(mostOf(type({ ticketsLeft: 1 }))).toBe(1);
    expect(mostOf(type({ ticketsLeft: null, perOrderLimit: 8 }))).toBe(8);
  });

  it('offers a sold-out type for the waiting list, and nothing of a type not on sale', () => {
    expect(mostOf(type({ ticketsLeft: 0, onSale: false, closedReason: 'sold_out' }))).toBe(2);
    expect(mostOf(type({ onSale: false, closedReason: 'sale_ended' }))).toBe(0);
  });

  it('sends only the types chosen, in the types’ order', () => {
    const types = [type({ id: 'a' }), type({ id: 'b' }), type({ id: 'c' })];
    expect(itemsOf(types, { c: 3, a: 1, b: 0 })).toEqual([
      { typeId: 'a', quantity: 1 },
      { typeId: 'c', quantity: 3 },
    ]);
  });
});
