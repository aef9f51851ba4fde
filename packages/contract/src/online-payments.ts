import { z } from 'zod';
import { paymentMethods } from './vocabulary.js';

/** GET /payments/options: how members can pay, so the web app offers only what works. */
export const paymentOptionsSchema = z.object({
  online: z
    .boolean()
    .describe('Card payment through Stripe (Checkout, automatic renewal, card updates) is set up'),
  offlineMethods: z
    .array(z.enum(paymentMethods))
    .describe('Ways to pay an invoice that staff record by hand'),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** POST /payments/checkout: pay one of my open invoices by card. */
export const startCheckoutSchema = z.object({
  invoiceId: z.uuid({ message: 'invoiceId must be the id of one of your invoices' }),
});
export type StartCheckout = z.infer<typeof startCheckoutSchema>;

/** Where to send the member: Stripe's page (Checkout or the customer portal). */
export const paymentRedirectSchema = z.object({
  url: z.url().describe("Stripe's page; the member comes back to /membership"),
});
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/** PUT /payments/auto-renew: automatic renewal on or off. */
export const autoRenewRequestSchema = z.object({ on: z.boolean() });
export const autoRenewAnswerSchema = z.object({
  autoRenew: z.boolean().describe('Whether renewal is now automatic'),
  url: z
    .url()
    .nullable()
    .describe('A Checkout page to save a card first (renewal turns on once it is done), or null'),
});
export type AutoRenewAnswer = z.infer<typeof autoRenewAnswerSchema>;

/** What the webhook did with an event (Stripe only reads the status). */
export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });
