// What the sponsorship pages say, in a module of their own (no schemas), so a page that
// shows packages does not bundle the schema library for them.
import type { sponsorshipSlotKinds } from './vocabulary.js';

/** An online purchase not paid within this time lapses, and the package is free again. */
export const SPONSORSHIP_HOLD_MINUTES = 30;

export const sponsorshipSlotLabels: Record<(typeof sponsorshipSlotKinds)[number], string> = {
  home: 'Home page sponsor strip',
  calendar: 'Calendar page',
  event: 'Event page and confirmation mail',
  newsletter: 'Newsletters in the period',
  directory: 'Featured listing in the directory',
  jobs: 'Job board',
};

export const sponsorshipMessages = {
  soldOut: 'Sold out',
  paidByInvoice: 'Thank you: your sponsorship is booked. The invoice is on its way by email.',
  payOnline: `Complete your payment within ${SPONSORSHIP_HOLD_MINUTES} minutes to keep your sponsorship.`,
} as const;
