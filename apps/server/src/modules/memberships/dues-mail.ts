import {
  addDays,
  type DuesNoticeKind,
  formatDateKey,
  formatMoney,
  nextChargeSentence,
} from '@chamber/contract';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';

/** The outbox's kind of a dues mail; its params name the notice (`noticeId`). */
export const DUES_NOTICE_MAIL = 'dues-notice';

/** What a dues mail says, read from its notice when the outbox composes it. */
export interface NoticeFacts {
  kind: DuesNoticeKind;
  firstName: string;
  businessName: string | null;
  planName: string;
  /** The plan of the next term and its price (a downgrade asked for applies). */
  renewalPlanName: string;
  renewalCents: number;
  currency: string;
  paidThrough: string;
  /** Days from the day the mail is sent to the paid-through date. */
  daysLeft: number;
  graceDays: number;
  lapsedListing: 'hidden' | 'basic';
  cardBrand: string | null;
  cardLast4: string | null;
  /** The renewal reminder's: the business's year in one sentence (account's membershipValue). */
  yearSummary?: string | null;
}

/**
 * The one date format of the dues mails and of the membership invoices' lines, which the
 * invoice mail quotes ('November 30, 2026'): the same as the billing mails' dates.
 */
export const mailDate = (key: string) =>
  formatDateKey(key, { month: 'long', day: 'numeric', year: 'numeric' });
const longDate = mailDate;

/**
 * Whether a dues mail goes out on the portal's own initiative, which it says
 * (`Auto-Submitted: auto-generated`): all of them but the confirmation of automatic renewal,
 * which answers the member's own switch, whoever sends it.
 */
export const isAutomatic = (kind: DuesNoticeKind) => kind !== 'auto_renew_on';

/**
 * The dues job's mails (docs/staff/dues.md): each names the membership, what is due
 * and by when, and links to /membership, where the member can pay, renew or update the card.
 * Plain text alongside the HTML, as every portal mail.
 */
export function duesMail(chamber: ChamberIdentity, f: NoticeFacts) {
  const link = `${chamber.publicUrl}/membership`;
  const who = f.businessName ? `${f.businessName}'s` : 'your';
  const amount = formatMoney(f.renewalCents, f.currency);
  const through = longDate(f.paidThrough);
  const graceEnds = longDate(addDays(f.paidThrough, f.graceDays));
  const greeting = `Hi ${f.firstName || 'there'},`;
  const signOff = `Questions? Reply to this message${chamber.phone ? ` or call us at ${chamber.phone}` : ''}.`;
  switch (f.kind) {
    case 'renewal_reminder':
      return renderMail(chamber, {
        subject:
          f.daysLeft <= 0
            ? `Your ${chamber.name} membership ends today`
            : f.daysLeft === 1
              ? `Your ${chamber.name} membership ends tomorrow`
              : `Your ${chamber.name} membership renews in ${f.daysLeft} days`,
        preview: `${f.planName} membership paid through ${through}. Renewal: ${amount}.`,
        greeting,
        paragraphs: [
          `${capitalise(who)} ${f.planName} membership is paid through ${through}.`,
          ...(f.yearSummary ? [`${f.yearSummary}.`] : []),
          `Renewing for another year (${f.renewalPlanName}) costs ${amount}. Renew online, or ask for an invoice and pay by check or bank transfer, from your membership page.`,
          signOff,
        ],
        action: { label: 'Renew now', url: link },
        link: { label: 'Your membership', url: link },
      });
    case 'auto_charge_notice':
      return renderMail(chamber, {
        subject: `We will charge ${amount} for your ${chamber.name} membership on ${longDate(addDays(f.paidThrough, 1))}`,
        preview: `Automatic renewal: ${amount} to the card ending in ${f.cardLast4 ?? ''}.`,
        greeting,
        paragraphs: [
          `${capitalise(who)} ${f.planName} membership renews automatically. On ${longDate(addDays(f.paidThrough, 1))} we will charge ${amount} to your ${f.cardBrand ? `${f.cardBrand} ` : ''}card ending in ${f.cardLast4 ?? ''} for the year to come (${f.renewalPlanName}).`,
          'To use another card or turn automatic renewal off, go to your membership page before then.',
          signOff,
        ],
        action: { label: 'Manage automatic renewal', url: link },
        link: { label: 'Your membership', url: link },
      });
    case 'auto_renew_on': {
      const next = nextChargeSentence({
        amountCents: f.renewalCents,
        currency: f.currency,
        on: addDays(f.paidThrough, 1),
        card: f.cardLast4 ? { brand: f.cardBrand, last4: f.cardLast4 } : null,
      });
      return renderMail(chamber, {
        subject: `Automatic renewal is on for your ${chamber.name} membership`,
        preview: `${next}.`,
        greeting,
        paragraphs: [
          `${capitalise(who)} ${f.planName} membership now renews automatically each year (${f.renewalPlanName}).`,
          `${next}. We will remind you a few days before.`,
          'To use another card or turn automatic renewal off, go to your membership page.',
          signOff,
        ],
        action: { label: 'Manage automatic renewal', url: link },
        link: { label: 'Your membership', url: link },
      });
    }
    case 'charge_failed':
      return renderMail(chamber, {
        subject: `We could not charge your card for your ${chamber.name} membership`,
        preview: 'Update your card to keep your membership.',
        greeting,
        paragraphs: [
          `The automatic renewal of ${who} ${f.planName} membership (${amount}) did not go through${f.cardLast4 ? ` on the card ending in ${f.cardLast4}` : ''}.`,
          `Your membership is paid through ${through}. Update your card or pay the renewal another way by ${graceEnds} to keep your membership and your listing.`,
          signOff,
        ],
        action: { label: 'Update card', url: link },
        link: { label: 'Your membership', url: link },
      });
    case 'grace':
      return renderMail(chamber, {
        subject: `Your ${chamber.name} membership is past due`,
        preview: `Renew by ${graceEnds} to keep your listing.`,
        greeting,
        paragraphs: [
          `${capitalise(who)} ${f.planName} membership was paid through ${through} and has not been renewed.`,
          `Your listing stays as it is until ${graceEnds}. Renew (${amount}) before then to keep it; after that the membership lapses.`,
          signOff,
        ],
        action: { label: 'Renew now', url: link },
        link: { label: 'Your membership', url: link },
      });
    case 'lapsed':
      return renderMail(chamber, {
        subject: `Your ${chamber.name} membership has lapsed`,
        preview: 'Renew to restore your listing.',
        greeting,
        paragraphs: [
          `${capitalise(who)} ${f.planName} membership was paid through ${through} and was not renewed within the grace period, so it has lapsed.`,
          f.lapsedListing === 'hidden'
            ? 'Your business no longer appears in the member directory. Nothing is deleted: renewing restores your listing as it was.'
            : 'Your business is listed as a basic member for now; the details of your plan are hidden, not deleted. Renewing restores them.',
          `Renewing for a year costs ${amount}.`,
          signOff,
        ],
        action: { label: 'Renew now', url: link },
        link: { label: 'Your membership', url: link },
      });
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
