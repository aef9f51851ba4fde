import { settlePendingRefunds } from '../modules/billing/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Refunds to the card left waiting for Stripe's answer (docs/staff/dues.md), every 10 minutes:
 * a reservation older than 15 minutes is looked up at Stripe, then recorded, freed, or left
 * for the next run while Stripe is still sending the money. Safe to repeat and to run in two
 * processes at once: a refund is recorded once by its Stripe id, a reservation freed once.
 */
export const pendingRefundsJob: JobDefinition = {
  name: 'pending-refunds',
  cron: '*/10 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 120,
  expireInSeconds: 10 * 60,
  async run(context) {
    if (!context.config) throw new Error('pending-refunds needs the portal config');
    return { ...(await settlePendingRefunds(context.db, context.clock, context.config)) };
  },
};
