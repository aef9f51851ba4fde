import type { Database } from '@chamber/db';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import {
  jobApprovedMail,
  jobChangeApprovedMail,
  jobChangeRejectedMail,
  jobRejectedMail,
} from './mail.js';
import * as q from './queries.js';

/** The outbox's kinds of job board mail: staff's decision on a post, to its poster. */
export const JOB_APPROVED_MAIL = 'job-post-approved';
export const JOB_REJECTED_MAIL = 'job-post-rejected';
/** And on the poster's change to a live post. */
export const JOB_CHANGE_APPROVED_MAIL = 'job-post-change-approved';
export const JOB_CHANGE_REJECTED_MAIL = 'job-post-change-rejected';

const letters = {
  [JOB_APPROVED_MAIL]: jobApprovedMail,
  [JOB_CHANGE_APPROVED_MAIL]: jobChangeApprovedMail,
} as const;
const refusals = {
  [JOB_REJECTED_MAIL]: jobRejectedMail,
  [JOB_CHANGE_REJECTED_MAIL]: jobChangeRejectedMail,
} as const;

/**
 * The poster's mail about staff's decision on their post or on their change to it, from the
 * post as it is when its turn comes: null when the post is gone or nobody can be mailed.
 * `reason`: staff's, for a refusal.
 */
async function compose(
  db: Database,
  kind: keyof typeof letters | keyof typeof refusals,
  id: string,
  reason: string,
): Promise<Compose | null> {
  const row = await q.find(db, id);
  const to = row && (row.posterEmail ?? row.contact.email);
  if (!row || !to) return null;
  const firstName = row.posterFirstName ?? row.contact.firstName;
  return (chamber) => ({
    to,
    ...(kind in letters
      ? letters[kind as keyof typeof letters](chamber, firstName, row.post)
      : refusals[kind as keyof typeof refusals](chamber, firstName, row.post, reason)),
  });
}

/** Registers the poster's mail with the outbox: `{ jobPostId, reason? }` each. */
export function registerPosterMail(db: Database, outbox: MailOutbox) {
  for (const kind of [
    JOB_APPROVED_MAIL,
    JOB_REJECTED_MAIL,
    JOB_CHANGE_APPROVED_MAIL,
    JOB_CHANGE_REJECTED_MAIL,
  ] as const) {
    outbox.register(kind, (p) => compose(db, kind, String(p.jobPostId), String(p.reason ?? '')));
  }
}
