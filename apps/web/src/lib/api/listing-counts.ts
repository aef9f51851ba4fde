/**
 * Tells the server a visitor followed a listing's link, as a beacon: it goes out even as the
 * page is left, carries no cookie or token, and nothing waits for it. The server adds it to
 * the listing's daily total (bots left out); nothing about the visitor is kept.
 */
function beacon(url: string, body?: object): void {
  if (typeof navigator === 'undefined' || !navigator.sendBeacon) return;
  const data = new Blob([JSON.stringify(body ?? {})], { type: 'application/json' });
  navigator.sendBeacon(url, data);
}

/** A click to a listing's website or phone (member page or directory card). */
export const countListingClick = (contactId: string, kind: 'website' | 'phone') =>
  beacon(`/api/members/${encodeURIComponent(contactId)}/clicks`, { kind });

/** A click on a job post's Apply. */
export const countApplyClick = (jobPostId: string) =>
  beacon(`/api/job-posts/${encodeURIComponent(jobPostId)}/apply-clicks`);
