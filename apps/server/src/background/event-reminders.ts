import { sendReminders } from '../modules/registrations/index.js';
import { type JobDefinition, jobMail } from './definition.js';

/**
 * Mails registrants their event's reminder (docs/staff/events.md) every five minutes, so a
 * reminder goes within five minutes of its time. Each is sent once, whichever process runs it.
 */
export const eventRemindersJob: JobDefinition = {
  name: 'event-reminders',
  cron: '*/5 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: (context) => {
    const { db, clock } = context;
    return sendReminders({ db, clock, ...jobMail(context, 'event-reminders') });
  },
};
