/**
 * The celebrations module: ribbon cuttings and milestone celebrations members book
 * (/celebrations), staff's queue, decisions, rules and ambassadors (/admin/celebrations*,
 * /admin/celebration-settings, /admin/celebration-ambassadors). A confirmed one becomes a
 * public event through the calendar's CalendarService; its fee is invoiced through billing;
 * its mail goes through the outbox (CelebrationMail's composers); the job runner queues the
 * reminders.
 */
export { CelebrationsService } from './service.js';
export { CelebrationMail } from './mail.js';
export { celebrationsRoutes } from './routes.js';
export { queueCelebrationReminders } from './reminders.js';
