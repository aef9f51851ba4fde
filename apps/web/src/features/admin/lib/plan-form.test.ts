import { describe, expect, it } from 'vitest';
import { makePlans } from '@/test/fake-api';
import { parsePriceCents, planFormSchema, planFormValues, priceText } from './plan-form';

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
    });
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
