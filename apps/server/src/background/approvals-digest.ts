import { queueApprovalsDigest } from '../modules/admin/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Every five minutes: when something new waits for staff's approval (job posts, new members),
 * queues the approvals digest to the admins, at most one an hour (docs/staff/approvals.md).
 */
export const approvalsDigestJob: JobDefinition = {
  name: 'approvals-digest',
  cron: '*/5 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  run: ({ db, clock }) => queueApprovalsDigest(db, clock),
};
