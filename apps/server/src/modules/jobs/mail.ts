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
