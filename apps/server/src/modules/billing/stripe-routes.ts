import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, paymentMethods } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import type { ModuleDeps } from '../deps.js';
import { BadSignature, type OnlinePayments } from './stripe-service.js';

const notSetUp = () =>
  new AppError(
    'conflict',
    'Card payment is not set up for this chamber; pay the invoice as it says, and staff record it.',
  );

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

  contractRoute(
    app,
    endpoints.billing.paymentOptions,
    {
      schema: {
        tags: ['payments'],
        summary: 'How members can pay',
        description:
          'Whether card payment through Stripe is set up (both keys configured); without it the portal offers offline payment only: the member sees the invoice and how to pay, and staff record the payment.',
      },
    },
    async () => ({
      online: online !== null,
      offlineMethods: paymentMethods.filter((method) => method !== 'card'),
    }),
  );

  contractRoute(
    app,
    endpoints.billing.checkout,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Pay one of my open invoices by card',
        description:
          "A Stripe Checkout page for the invoice's own amount. Asking again while it is open (two clicks at once) gives the same page; paying it records the payment through the webhook.",
        security: bearer,
      },
    },
    async (request) =>
      byCard((payments) => payments.checkout(request.session!, request.body.invoiceId)),
  );

  contractRoute(
    app,
    endpoints.billing.setAutoRenew,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Turn automatic renewal on or off',
        description:
          'On: a Stripe subscription charges the saved card the day after the paid-through date each year; with no saved card the answer is a Checkout page to save one. Off: the subscription ends with the paid term.',
        security: bearer,
      },
    },
    async (request) =>
      byCard((payments) => payments.setAutoRenew(request.session!, request.body.on)),
  );

  contractRoute(
    app,
    endpoints.billing.cardPortal,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Update card: open the Stripe customer portal',
        description: "Stripe's customer portal for the card automatic renewals charge.",
        security: bearer,
      },
    },
    async (request) => byCard((payments) => payments.cardPortal(request.session!)),
  );

  // The signature covers the exact bytes Stripe sent, so this one route keeps the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    contractRoute(
      hook,
      endpoints.billing.stripeWebhook,
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['payments'],
          summary: "Stripe's events (webhook endpoint)",
          description:
            'Verified with the Stripe-Signature header and STRIPE_WEBHOOK_SECRET. Each event id is handled once; a replay answers 200 and changes nothing. Types the portal does not handle are recorded and answered 200.',
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
