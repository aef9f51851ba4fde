import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';

describe('GET /api/payments/options', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('offers offline payment only without Stripe keys', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payments/options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      online: false,
      offlineMethods: ['check', 'cash', 'bank_transfer', 'other'],
    });
  });

  it('offers card payment once both keys are set', async () => {
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_WEBHOOK_SECRET: 'whsec_portal',
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payments/options' });
    expect(res.json()).toMatchObject({ online: true });
  });
});
