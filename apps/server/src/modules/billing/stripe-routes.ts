import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethods, paymentOptionsSchema } from '@chamber/contract';
import type { ModuleDeps } from '../deps.js';

/** Payments through Stripe: what the portal offers, Checkout, renewal, card updates, webhook. */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/payments/options',
    {
      schema: {
        tags: ['payments'],
        summary: 'How members can pay',
        description:
          'Whether card payment through Stripe is set up (both keys configured); without it the portal offers offline payment only: the member sees the invoice and how to pay, and staff record the payment.',
        response: { 200: paymentOptionsSchema },
      },
    },
    async () => ({
      online: deps.config.stripe !== undefined,
      offlineMethods: paymentMethods.filter((method) => method !== 'card'),
    }),
  );
};
