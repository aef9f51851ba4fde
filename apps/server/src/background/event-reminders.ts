import { queueReminders } from '../modules/registrations/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Every five minutes: the reminders of events due for their registrants (docs/staff/events.md),
 * queued in the mail outbox (its workers send them), so a reminder goes within five minutes
 * of its time. Each is queued once, whichever process runs it.
 */
export const eventRemindersJob: JobDefinition = {
  name: 'event-reminders',
  cron: '*/5 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: ({ db, clock }) => queueReminders({ db, clock }),
};
