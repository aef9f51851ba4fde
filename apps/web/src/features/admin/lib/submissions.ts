import type { Submission, SubmissionKind } from '@chamber/contract';
import type { SubmissionFilter } from '../api/get-submissions';

/** What each native form is called on its badge. */
export const submissionKindLabels: Record<SubmissionKind, string> = {
  contact: 'Contact message',
  business_of_month: 'Business of the Month',
  customer_service: 'Customer Service Superstar',
};

export const submissionFilterOptions: { value: SubmissionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'contact', label: 'Contact messages' },
  { value: 'business_of_month', label: 'Business of the Month' },
  { value: 'customer_service', label: 'Customer Service Superstar' },
];

const emptyTexts: Record<SubmissionFilter, string> = {
  all: 'No messages yet.',
  contact: 'No contact messages yet.',
  business_of_month: 'No Business of the Month nominations yet.',
  customer_service: 'No Customer Service Superstar nominations yet.',
};

export const emptyText = (filter: SubmissionFilter) => emptyTexts[filter];

const replySubjects: Record<SubmissionKind, string> = {
  contact: 'Your message to',
  business_of_month: 'Your Business of the Month nomination for',
  customer_service: 'Your Customer Service Superstar nomination for',
};

/**
 * A mailto link that answers the sender, with a subject saying what it is about:
 * 'Your message to RACC', 'Your Business of the Month nomination for Sweetwater Bakery'.
 */
export function replyHref(
  submission: Pick<Submission, 'kind' | 'email' | 'nominee'>,
  chamberName: string,
): string {
  const about = submission.kind === 'contact' ? chamberName : submission.nominee || chamberName;
  const subject = `${replySubjects[submission.kind]} ${about}`;
  return `mailto:${encodeURIComponent(submission.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/** A phone number as a tel: link dials it: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
