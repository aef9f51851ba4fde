import { queueCelebrationReminders } from '../modules/celebrations/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Every hour: the reminders of confirmed celebrations, two weeks and two days before, queued
 * in the mail outbox (its workers send them). Repeating a run queues nothing more.
 */
export const celebrationRemindersJob: JobDefinition = {
  name: 'celebration-reminders',
  cron: '17 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: ({ db, clock }) => queueCelebrationReminders(db, clock),
};
