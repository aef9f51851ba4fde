import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  autoRenewAnswerSchema,
  autoRenewRequestSchema,
  paymentMethods,
  paymentOptionsSchema,
  paymentRedirectSchema,
  startCheckoutSchema,
  webhookAnswerSchema,
} from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import type { ModuleDeps } from '../deps.js';
import { BadSignature, type OnlinePayments } from './stripe-service.js';

const notSetUp = () =>
  new AppError(
    'conflict',
    'Card payment is not set up for this chamber; pay the invoice as it says, and staff record it.',
  );

/** A member's payment request: not signed in, no such invoice or membership, or not now. */
const refusals = { 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Payments through Stripe: what the portal offers, Checkout, renewal, card updates, webhook. */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { online: OnlinePayments | null }
> = async (app, deps) => {
  const { online } = deps;
  const bearer = [{ bearer: [] }];
  /** The member's card actions, refused with a sentence when Stripe is not set up. */
  const byCard = <T>(act: (payments: OnlinePayments) => T): T => {
    if (!online) throw notSetUp();
    return act(online);
  };

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
      online: online !== null,
      offlineMethods: paymentMethods.filter((method) => method !== 'card'),
    }),
  );

  app.post(
    '/payments/checkout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Pay one of my open invoices by card',
        description:
          "A Stripe Checkout page for the invoice's own amount. Asking again while it is open (two clicks at once) gives the same page; paying it records the payment through the webhook.",
        security: bearer,
        body: startCheckoutSchema,
        response: { 200: paymentRedirectSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      byCard((payments) => payments.checkout(request.session!, request.body.invoiceId)),
  );

  app.put(
    '/payments/auto-renew',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Turn automatic renewal on or off',
        description:
          'On: a Stripe subscription charges the saved card the day after the paid-through date each year; with no saved card the answer is a Checkout page to save one. Off: the subscription ends with the paid term.',
        security: bearer,
        body: autoRenewRequestSchema,
        response: { 200: autoRenewAnswerSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      byCard((payments) => payments.setAutoRenew(request.session!, request.body.on)),
  );

  app.post(
    '/payments/card',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Update card: open the Stripe customer portal',
        description: "Stripe's customer portal for the card automatic renewals charge.",
        security: bearer,
        response: { 200: paymentRedirectSchema, ...refusals },
      },
    },
    async (request) => byCard((payments) => payments.cardPortal(request.session!)),
  );

  // The signature covers the exact bytes Stripe sent, so this one route keeps the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      '/stripe/webhook',
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['payments'],
          summary: "Stripe's events (webhook endpoint)",
          description:
            'Verified with the Stripe-Signature header and STRIPE_WEBHOOK_SECRET. Each event id is handled once; a replay answers 200 and changes nothing. Types the portal does not handle are recorded and answered 200.',
          response: { 200: webhookAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        if (!online) throw new AppError('not_found', 'Online payments are not set up.');
        const signature = request.headers['stripe-signature'];
        try {
          const { outcome } = await online.receive(
            request.body as Buffer,
            Array.isArray(signature) ? signature[0] : signature,
          );
          return { received: true as const, outcome };
        } catch (error) {
          if (error instanceof BadSignature) throw new AppError('bad_request', error.message);
          throw error;
        }
      },
    );
  });
};
