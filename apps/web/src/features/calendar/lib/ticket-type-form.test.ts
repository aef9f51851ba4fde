import { describe, expect, it } from 'vitest';
import type { TicketType } from '@chamber/contract';
import { ticketTypeFormValues, ticketTypeInputOf } from './ticket-type-form';

const TZ = 'America/Denver';
const blank = ticketTypeFormValues(null, TZ, 2);

describe('the ticket type form', () => {
  it('sends dollars as cents and the sale window from the chamber clock as instants', () => {
    const parsed = ticketTypeInputOf(
      {
        ...blank,
        name: ' Table of 8 ',
        memberPrice: '560',
        price: '$760.50',
        quantity: '10',
        seatsPerTicket: '8',
        perOrderLimit: '2',
        salesOpenAt: '2026-03-10T09:00',
        salesCloseAt: '',
      },
      TZ,
    );
    expect(parsed).toEqual({
      input: {
        name: 'Table of 8',
        memberPriceCents: 56_000,
        priceCents: 76_050,
        quantity: 10,
        // 9:00 in Denver on March 10 (MDT, UTC-6).
        salesOpenAt: '2026-03-10T15:00:00.000Z',
        salesCloseAt: null,
        perOrderLimit: 2,
        seatsPerTicket: 8,
        sortOrder: 2,
      },
    });
  });

  it('says what is wrong before sending', () => {
    expect(ticketTypeInputOf({ ...blank, name: '' }, TZ)).toEqual({
      error: 'A ticket type needs a name.',
    });
    expect(ticketTypeInputOf({ ...blank, name: 'Seat', price: 'ten' }, TZ)).toEqual({
      error: 'The price is an amount like 100 or 99.50.',
    });
    expect(ticketTypeInputOf({ ...blank, name: 'Seat', seatsPerTicket: '0' }, TZ)).toEqual({
      error: 'Seats per ticket is a whole number from 1 to 100.',
    });
    expect(
      ticketTypeInputOf(
        {
          ...blank,
          name: 'Seat',
          salesOpenAt: '2026-03-12T09:00',
          salesCloseAt: '2026-03-11T09:00',
        },
        TZ,
      ),
    ).toEqual({ error: 'The sale must open before it closes.' });
  });

  it('starts an existing type from its values, on the chamber clock', () => {
    const type: TicketType = {
      id: '6f1d7a8e-0000-4000-8000-000000000001',
      eventId: '6f1d7a8e-0000-4000-8000-000000000002',
      sold: 0,
      viewerPriceCents: 40_000,
      ticketsLeft: null,
      onSale: true,
      closedReason: null,
      closedMessage: null,
      name: 'Foursome',
      memberPriceCents: 40_000,
      priceCents: null,
      quantity: null,
      salesOpenAt: null,
      salesCloseAt: '2026-06-01T05:59:00.000Z',
      perOrderLimit: 1,
      seatsPerTicket: 4,
      sortOrder: 3,
    };
    expect(ticketTypeFormValues(type, TZ)).toMatchObject({
      memberPrice: '400.00',
      price: '',
      quantity: '',
      salesCloseAt: '2026-05-31T23:59',
      seatsPerTicket: '4',
    });
  });
});
