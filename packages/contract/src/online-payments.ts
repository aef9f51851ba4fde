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
