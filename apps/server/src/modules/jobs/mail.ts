import { paths } from '@chamber/contract';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';

/** To the poster when staff approve their post: it is on the board now. */
export function jobApprovedMail(
  chamber: ChamberIdentity,
  firstName: string,
  post: { id: string; title: string; closesOn: string },
) {
  return renderMail(chamber, {
    subject: `Your job posting is live: ${post.title}`,
    preview: `“${post.title}” is on the ${chamber.name} job board.`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Our staff approved your job posting “${post.title}”. It is on the job board now and stays there until the end of ${post.closesOn}.`,
      'You can edit or close it from Post a job on your profile.',
    ],
    action: {
      label: 'See your job posting',
      url: `${chamber.publicUrl}${paths.jobPosting.href(post.id)}`,
    },
  });
}

/** To the poster when staff turn their post down, with staff's reason. */
export function jobRejectedMail(
  chamber: ChamberIdentity,
  firstName: string,
  post: { title: string },
  reason: string,
) {
  return renderMail(chamber, {
    subject: `Your job posting was not approved: ${post.title}`,
    preview: 'Our staff gave a reason; you can change the post and submit it again.',
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Our staff did not approve your job posting “${post.title}” for the job board. Their reason:`,
      reason,
      'You can change the post and submit it again.',
    ],
    action: {
      label: 'Edit your job postings',
      url: `${chamber.publicUrl}${paths.myJobPostings.href()}`,
    },
  });
}

/** To the poster when staff approve their change to a live post: the board shows it now. */
export function jobChangeApprovedMail(
  chamber: ChamberIdentity,
  firstName: string,
  post: { id: string; title: string },
) {
  return renderMail(chamber, {
    subject: `Your changes are live: ${post.title}`,
    preview: `Your changes to “${post.title}” are on the ${chamber.name} job board.`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Our staff approved your changes to the job posting “${post.title}”. The job board shows them now.`,
    ],
    action: {
      label: 'See your job posting',
      url: `${chamber.publicUrl}${paths.jobPosting.href(post.id)}`,
    },
  });
}

/** To the poster when staff turn their change to a live post down: the post stays as it was. */
export function jobChangeRejectedMail(
  chamber: ChamberIdentity,
  firstName: string,
  post: { title: string },
  reason: string,
) {
  return renderMail(chamber, {
    subject: `Your changes were not approved: ${post.title}`,
    preview: 'Your job posting stays on the board as it was; our staff gave a reason.',
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Our staff did not approve your changes to the job posting “${post.title}”. It stays on the job board as it was. Their reason:`,
      reason,
      'You can edit the post again.',
    ],
    action: {
      label: 'Edit your job postings',
      url: `${chamber.publicUrl}${paths.myJobPostings.href()}`,
    },
  });
}
