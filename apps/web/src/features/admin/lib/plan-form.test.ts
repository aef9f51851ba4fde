import { describe, expect, it } from 'vitest';
import { makePlans } from '@/test/fake-api';
import {
  newTicketBenefitRow,
  parsePriceCents,
  planFormSchema,
  planFormValues,
  priceText,
} from './plan-form';

describe('the plan editor', () => {
  it('reads prices as typed into exact cents', () => {
    expect(parsePriceCents('550')).toBe(55_000);
    expect(parsePriceCents('$1,200.00')).toBe(120_000);
    expect(parsePriceCents('612.5')).toBe(61_250);
    expect(parsePriceCents(' 0.29 ')).toBe(29);
    for (const bad of ['', '-5', '5.555', 'abc', '1,20', '12e3']) {
      expect(parsePriceCents(bad), bad).toBeNull();
    }
    expect(priceText(61_250)).toBe('612.50');
    expect(priceText(5)).toBe('0.05');
  });

  it('sends one benefit a line, blank lines dropped, and the price in cents', () => {
    const [basic] = makePlans();
    const values = planFormValues(basic!);
    const body = planFormSchema.parse({
      ...values,
      price: '325',
      benefits: 'Directory listing\n\n  Newsletter  \n',
    });
    expect(body).toEqual({
      name: 'Basic',
      description: basic!.description,
      priceCents: 32_500,
      benefits: ['Directory listing', 'Newsletter'],
      highlights: basic!.highlights,
      available: true,
      featured: false,
      ticketBenefits: [],
    });
  });

  it('sends ticket benefits as the contract has them, keeping each one’s id', () => {
    const [basic] = makePlans();
    const id = '7b0c6f0e-1d7a-4c1e-9d58-2f4f3c1b9a10';
    const excluded = '0c8a3a51-7f0e-4b8e-b1e9-6a6f62b1a2c3';
    const body = planFormSchema.parse({
      ...planFormValues(basic!),
      ticketBenefits: [
        {
          ...newTicketBenefitRow(id),
          label: ' One free luncheon ticket per month ',
          eventTag: 'luncheon',
          excludedEventIds: [excluded],
        },
        {
          ...newTicketBenefitRow(id.replace('7b', '8b')),
          kind: 'fixed_price',
          label: 'Fall Festival booth for $30',
          count: '1',
          period: 'year',
          eventTag: 'Fall Festival',
          ticketTypeName: 'booth',
          price: '30',
          until: '2027-07-01',
        },
      ],
    });
    expect(body.ticketBenefits).toEqual([
      {
        id,
        kind: 'free_ticket',
        label: 'One free luncheon ticket per month',
        count: 1,
        period: 'month',
        eventId: null,
        eventTag: 'luncheon',
        excludedEventIds: [excluded],
        ticketTypeId: null,
        ticketTypeName: null,
        priceCents: null,
        until: null,
      },
      {
        id: id.replace('7b', '8b'),
        kind: 'fixed_price',
        label: 'Fall Festival booth for $30',
        count: 1,
        period: 'year',
        eventId: null,
        eventTag: 'Fall Festival',
        excludedEventIds: [],
        ticketTypeId: null,
        ticketTypeName: 'booth',
        priceCents: 3000,
        until: '2027-07-01',
      },
    ]);
    // What the server stored reads back into the same rows.
    const again = planFormSchema.parse({
      ...planFormValues({ ...basic!, ticketBenefits: body.ticketBenefits! }),
    });
    expect(again.ticketBenefits).toEqual(body.ticketBenefits);
  });

  it('names the ticket benefit’s field that is wrong', () => {
    const [basic] = makePlans();
    const result = planFormSchema.safeParse({
      ...planFormValues(basic!),
      ticketBenefits: [
        { ...newTicketBenefitRow(), label: 'Booth', kind: 'fixed_price', price: '' },
        { ...newTicketBenefitRow(), label: '', count: '0' },
        { ...newTicketBenefitRow(), label: 'Booth', kind: 'fixed_price', price: 'thirty' },
      ],
    });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ticketBenefits.0.price', 'Give the price'],
      ['ticketBenefits.1.label', 'A benefit needs a label'],
      ['ticketBenefits.1.count', 'How many is a whole number from 1 to 100'],
      ['ticketBenefits.2.price', 'Enter the price in dollars, e.g. 30 or 30.00'],
    ]);
  });

  it('names the field that is wrong', () => {
    const [basic] = makePlans();
    const result = planFormSchema.safeParse({ ...planFormValues(basic!), price: '-1', name: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['price']);
    const named = planFormSchema.safeParse({ ...planFormValues(basic!), name: ' ' });
    expect(named.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
    ]);
  });
});
