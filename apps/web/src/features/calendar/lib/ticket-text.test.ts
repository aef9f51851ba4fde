import { afterEach, describe, expect, it } from 'vitest';
import type { EventTicket, TicketType } from '@chamber/contract';
import {
  checkoutReturn,
  doorNotice,
  readPendingTicket,
  rememberPendingTicket,
  ticketLines,
  typesSoldOut,
} from './ticket-text';

const luncheon: EventTicket = {
  memberPriceCents: 2500,
  priceCents: 3500,
  currency: 'USD',
  payment: 'door',
  refundOnCancel: false,
  refundCutoffHours: 48,
  viewerPriceCents: 3500,
  viewerIsMember: false,
};

describe('what an event costs', () => {
  it('says Free for a free event', () => {
    expect(ticketLines(null)).toMatchObject({ yours: 'Free', both: null, payment: null });
  });

  it('shows the viewer’s price first, then both', () => {
    expect(ticketLines(luncheon)).toMatchObject({
      yours: '$35.00 per seat',
      both: 'Members $25.00 · Non-members $35.00',
      payment: 'Paid at the door.',
      refund: null,
    });
    expect(ticketLines({ ...luncheon, viewerPriceCents: 2500, viewerIsMember: true }).yours).toBe(
      '$25.00 per seat (member price)',
    );
  });

  it('names a free group Free, and the refund rule when there is one', () => {
    const lines = ticketLines({
      ...luncheon,
      memberPriceCents: 0,
      viewerPriceCents: null,
      viewerIsMember: true,
      refundOnCancel: true,
      refundCutoffHours: 24,
    });
    expect(lines.yours).toBe('Free (member price)');
    expect(lines.both).toBe('Members Free · Non-members $35.00');
    expect(lines.refund).toBe(
      'Cancelling at least 24 hours before the start refunds a ticket paid online.',
    );
  });
});

describe('a ticket paid at the door', () => {
  it('says the amount is due there', () => {
    const ticket = {
      amountCents: 7000,
      currency: 'USD',
      invoiceId: 'i',
      invoiceNumber: 'INV-2026-0007',
      status: 'unpaid' as const,
      payment: 'door' as const,
      checkoutUrl: null,
    };
    expect(doorNotice({ ticket } as never)).toEqual({
      tone: 'due',
      text: '$70.00 is due at the door (invoice INV-2026-0007).',
    });
    expect(doorNotice({ ticket: { ...ticket, payment: 'online' } } as never)).toBeNull();
    expect(doorNotice({ ticket: null } as never)).toBeNull();
  });
});

describe('back from Checkout', () => {
  afterEach(() => localStorage.clear());
  const now = new Date('2026-05-01T18:00:00Z');
  const leave = (holdUntil: string) =>
    rememberPendingTicket(
      'evt-1',
      {
        amountCents: 3500,
        currency: 'USD',
        invoiceId: 'i',
        invoiceNumber: 'INV-2026-0009',
        status: 'unpaid',
        payment: 'online',
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      },
      holdUntil,
    );

  it('says nothing without a ticket left for', () => {
    expect(checkoutReturn('evt-1', true, now)).toEqual({
      notice: null,
      settled: false,
      released: false,
    });
  });

  it('shows the payment on the success address', () => {
    leave('2026-05-01T18:20:00Z');
    expect(checkoutReturn('evt-1', true, now)).toMatchObject({
      notice: {
        tone: 'paid',
        text: expect.stringContaining('Paid: $35.00 (invoice INV-2026-0009)'),
      },
      settled: true,
      released: false,
    });
  });

  it('shows the hold and the way back to the payment page on the cancel address', () => {
    leave('2026-05-01T18:20:00Z');
    const back = checkoutReturn('evt-1', false, now);
    expect(back.notice?.tone).toBe('due');
    expect(back.notice?.text).toContain('(20 minutes left)');
    expect(back.notice?.payUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(back.released).toBe(false);
    expect(readPendingTicket('evt-1')).not.toBeNull();
  });

  it('says the seats were released once the hold ran out', () => {
    leave('2026-05-01T17:59:00Z');
    expect(checkoutReturn('evt-1', false, now)).toMatchObject({
      notice: { tone: 'released' },
      settled: true,
      released: true,
    });
  });
});

describe('an event sold by ticket types', () => {
  const type = (over: Partial<TicketType>): TicketType =>
    ({ ticketsLeft: 3, onSale: true, closedReason: null, ...over }) as TicketType;
  it('is sold out only when every type is', () => {
    expect(typesSoldOut([])).toBe(false);
    expect(typesSoldOut([type({ ticketsLeft: 0 }), type({})])).toBe(false);
    expect(typesSoldOut([type({ ticketsLeft: 0 }), type({ closedReason: 'sold_out' })])).toBe(true);
    // A sale not open yet, or over, is not a waiting list.
    expect(typesSoldOut([type({ ticketsLeft: 0 }), type({ closedReason: 'not_yet_open' })])).toBe(
      false,
    );
    expect(typesSoldOut([type({ ticketsLeft: null })])).toBe(false);
  });
});
