import { z } from 'zod';
import { formatMoney } from './dues-terms.js';
import { paymentMethods } from './vocabulary.js';
import { formatDateKey } from './zoned-time.js';

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

/** The next automatic renewal charge: what, when and to which card. */
export const nextChargeSchema = z.object({
  amountCents: z.number().int().describe('The renewal invoice’s amount, which the charge follows'),
  currency: z.string(),
  on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
    .describe('The day after the paid-through date'),
  card: z
    .object({ brand: z.string().nullable(), last4: z.string() })
    .nullable()
    .describe('The card charged; null until Stripe has reported it'),
});
export type NextCharge = z.infer<typeof nextChargeSchema>;

/** PUT /payments/auto-renew: automatic renewal on or off. */
export const autoRenewRequestSchema = z.object({ on: z.boolean() });
export const autoRenewAnswerSchema = z.object({
  autoRenew: z.boolean().describe('Whether renewal is now automatic'),
  url: z
    .url()
    .nullable()
    .describe('A Checkout page to save a card first (renewal turns on once it is done), or null'),
  nextCharge: nextChargeSchema
    .nullable()
    .describe('When renewal is automatic: the next charge, as the confirmation states it'),
});
export type AutoRenewAnswer = z.infer<typeof autoRenewAnswerSchema>;

/** What the webhook did with an event (Stripe only reads the status). */
export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

const cardBrands: Record<string, string> = {
  amex: 'American Express',
  american_express: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  interac: 'Interac',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card as receipts and screens name it: 'Visa •••• 4242' (Stripe's brand code, last four). */
export function cardLabel(brand: string | null | undefined, last4: string): string {
  const name = brand
    ? (cardBrands[brand.toLowerCase()] ??
      brand.charAt(0).toUpperCase() + brand.slice(1).replace(/_/g, ' '))
    : 'Card';
  return `${name} •••• ${last4}`;
}

/** 'Next charge $550.00 on 23 October 2027 to Visa •••• 4242': the screen's and the mail's words. */
export function nextChargeSentence(charge: NextCharge): string {
  const day = formatDateKey(charge.on, { day: 'numeric' });
  const monthYear = formatDateKey(charge.on, { month: 'long', year: 'numeric' });
  const card = charge.card ? ` to ${cardLabel(charge.card.brand, charge.card.last4)}` : '';
  return `Next charge ${formatMoney(charge.amountCents, charge.currency)} on ${day} ${monthYear}${card}`;
}
