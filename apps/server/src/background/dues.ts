import { runDues } from '../modules/memberships/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Membership dues, every hour (docs/staff/dues.md): grace and lapse by the chamber's
 * calendar day, renewal reminders and automatic-charge notices, each mail written to the
 * outbox with its notice (the outbox sends it). Safe to repeat and to run in two processes at
 * once: each change is made once (rows locked and re-checked) and each mail queued once
 * (dues_notices' key).
 */
export const duesJob: JobDefinition = {
  name: 'membership-dues',
  cron: '7 * * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 30 * 60,
  async run(context) {
    return { ...(await runDues(context.db, context.clock)) };
  },
};
