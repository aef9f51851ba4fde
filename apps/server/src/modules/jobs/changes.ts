import { jobPostChangeFields } from '@chamber/contract';
import type { JobPostChange } from '@chamber/db';
import type * as q from './queries.js';

/** The fields of `b` whose value differs from `a`'s. */
export function changedFields(a: JobPostChange, b: JobPostChange) {
  return jobPostChangeFields.filter((f) => a[f] !== b[f]);
}

/** The live fields of a post, as a change holds them. */
export const liveFields = (post: q.JobPostRow): JobPostChange => ({
  title: post.title,
  description: post.description,
  employmentType: post.employmentType,
  workplace: post.workplace,
  payMinCents: post.payMinCents,
  payMaxCents: post.payMaxCents,
  payPeriod: post.payPeriod,
  applyUrl: post.applyUrl,
  closesOn: post.closesOn,
});

/** What the audit log shows of a decision on a change: the live fields, and whether one waits. */
export const shownWithChange = (post: q.JobPostRow) => ({
  status: post.status,
  ...liveFields(post),
  changeWaiting: post.pendingChange !== null,
});
