import { describe, expect, it } from 'vitest';
import { eventFormSchema, eventMessages } from '@chamber/contract';
import { eventToFormValues, newEventDefaults } from './event-form';
import { ticketPayload } from './event-payload';

const DENVER = 'America/Denver';
const blank = {
  ...newEventDefaults({ now: new Date('2025-03-04T13:15:00Z'), timeZone: DENVER }),
  title: 'Monthly Luncheon',
};
const parsed = (values: object) => eventFormSchema.parse({ ...blank, ...values });
const messages = (values: object) => {
  const result = eventFormSchema.safeParse({ ...blank, ...values });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ticket prices in the event dialog', () => {
  it('is a free event with both prices empty', () => {
    expect(ticketPayload(parsed({}))).toMatchObject({ memberPriceCents: null, priceCents: null });
  });

  it('reads dollars as cents, never through floating point', () => {
    expect(ticketPayload(parsed({ memberPrice: '25', price: '$35.10' }))).toMatchObject({
      memberPriceCents: 2500,
      priceCents: 3510,
    });
    expect(ticketPayload(parsed({ memberPrice: '0.29', price: '1,200.5' }))).toMatchObject({
      memberPriceCents: 29,
      priceCents: 120_050,
    });
  });

  it('keeps an empty price free for its group when the other group pays', () => {
    // The server reads a missing price as the other group's: empty must say 0.
    expect(ticketPayload(parsed({ price: '35' }))).toMatchObject({
      memberPriceCents: 0,
      priceCents: 3500,
    });
    expect(ticketPayload(parsed({ memberPrice: '10' }))).toMatchObject({
      memberPriceCents: 1000,
      priceCents: 0,
    });
  });

  it('sends the payment and the refund rule', () => {
    expect(
      ticketPayload(
        parsed({
          price: '35',
          ticketPayment: 'online',
          refundOnCancel: true,
          refundCutoffHours: '72',
        }),
      ),
    ).toEqual({
      memberPriceCents: 0,
      priceCents: 3500,
      ticketPayment: 'online',
      refundOnCancel: true,
      refundCutoffHours: 72,
    });
  });

  it('says what is wrong under the field', () => {
    expect(messages({ price: '35.255' })).toEqual([`price: ${eventMessages.price}`]);
    expect(messages({ memberPrice: '-5' })).toEqual([`memberPrice: ${eventMessages.price}`]);
    expect(messages({ price: '2000000' })).toEqual([`price: ${eventMessages.price}`]);
    expect(messages({ refundCutoffHours: '1.5' })).toEqual([
      `refundCutoffHours: ${eventMessages.refundCutoffHours}`,
    ]);
    expect(messages({ refundCutoffHours: '721' })).toEqual([
      `refundCutoffHours: ${eventMessages.refundCutoffHours}`,
    ]);
  });

  it('loads an event’s prices back as dollars, a free group empty', () => {
    const values = eventToFormValues(
      {
        title: 'Monthly Luncheon',
        description: '',
        startTime: '2025-12-13T01:00:00Z',
        endTime: '2025-12-13T03:00:00Z',
        location: '',
        ticket: {
          memberPriceCents: 0,
          priceCents: 3550,
          currency: 'USD',
          payment: 'door',
          refundOnCancel: true,
          refundCutoffHours: 24,
          viewerPriceCents: 3550,
          viewerIsMember: false,
        },
      },
      DENVER,
    );
    expect(values).toMatchObject({
      memberPrice: '',
      price: '35.50',
      ticketPayment: 'door',
      refundOnCancel: true,
      refundCutoffHours: '24',
    });
    expect(ticketPayload(eventFormSchema.parse(values))).toMatchObject({
      memberPriceCents: 0,
      priceCents: 3550,
    });
  });
});
