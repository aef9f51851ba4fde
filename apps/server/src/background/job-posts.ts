import { JobBoard } from '../modules/jobs/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Every hour: approved job posts whose closing day has passed (in the chamber's time zone)
 * become expired and leave the board and the sitemap. Repeating a run changes nothing more.
 */
export const jobPostsExpiryJob: JobDefinition = {
  name: 'job-posts-expiry',
  cron: '7 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: ({ db, clock }) => new JobBoard(db, clock).expire(),
};
