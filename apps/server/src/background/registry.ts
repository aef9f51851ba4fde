import { approvalsDigestJob } from './approvals-digest.js';
import { celebrationRemindersJob } from './celebration-reminders.js';
import type { JobDefinition } from './definition.js';
import { deleteExpiredRowsJob } from './delete-expired-rows.js';
import { duesJob } from './dues.js';
import { eventRemindersJob } from './event-reminders.js';
import { geocodeListingsJob } from './geocode-listings.js';
import { jobPostsExpiryJob } from './job-posts.js';
import { pendingRefundsJob } from './pending-refunds.js';
import { seatOffersJob } from './seat-offers.js';

/**
 * Every kind of background work the portal does; the runner schedules and works these, and
 * nothing else. To add a job: write its definition next to this file and list it here.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  deleteExpiredRowsJob,
  eventRemindersJob,
  seatOffersJob,
  duesJob,
  jobPostsExpiryJob,
  pendingRefundsJob,
  celebrationRemindersJob,
  geocodeListingsJob,
  approvalsDigestJob,
];
