import { runDues } from '../modules/memberships/index.js';
import { type JobDefinition, jobMail } from './definition.js';

/**
 * Membership dues, every hour (docs/staff/dues.md): grace and lapse by the chamber's
 * calendar day, renewal reminders and automatic-charge notices, and the mails queued by these
 * and by failed charges. Safe to repeat and to run in two processes at once: each change is
 * made once (rows locked and re-checked) and each mail queued once (dues_notices' key).
 */
export const duesJob: JobDefinition = {
  name: 'membership-dues',
  cron: '7 * * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 30 * 60,
  async run(context) {
    const { mail } = jobMail(context, 'membership-dues');
    return { ...(await runDues(context.db, context.clock, mail)) };
  },
};
