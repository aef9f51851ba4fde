import {
  type CelebrationKind,
  celebrationKindLabels,
  dateTimeFormat,
  paths,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';
import * as q from './queries.js';

/** The outbox's kinds of mail this module composes. */
export const CELEBRATION_OUTCOME_MAIL = 'celebration-outcome';
export const CELEBRATION_AMBASSADOR_MAIL = 'celebration-ambassador';
export const CELEBRATION_REMINDER_MAIL = 'celebration-reminder';

export type Outcome = 'received' | 'confirmed' | 'proposed' | 'declined';

export interface OutcomeParams {
  id: string;
  outcome: Outcome;
}
export interface AmbassadorParams {
  id: string;
  personId: string;
}
export interface ReminderParams {
  id: string;
  days: number;
}

/** What composing reads besides the booking: the chamber's zone and checklist. */
export interface MailContext {
  timezone(): Promise<string>;
  checklist(): Promise<string[]>;
}

export const businessName = (c: {
  businessName: string | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
}) => c.businessName || c.companyName || `${c.firstName} ${c.lastName}`.trim();

export function whenText(start: Date, timezone: string): string {
  return dateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);
}

const label = (kind: string) => celebrationKindLabels[kind as CelebrationKind] ?? 'Celebration';

/**
 * The celebrations' mails, composed when the outbox's turn comes from the booking as it is
 * then: a booking whose status moved on since says nothing (the newer change mails).
 */
export class CelebrationMail {
  constructor(
    private readonly db: Database,
    private readonly context: MailContext,
  ) {}

  register(outbox: MailOutbox): void {
    outbox.register(CELEBRATION_OUTCOME_MAIL, (p) => this.outcome(p as unknown as OutcomeParams));
    outbox.register(CELEBRATION_AMBASSADOR_MAIL, (p) =>
      this.ambassador(p as unknown as AmbassadorParams),
    );
    outbox.register(CELEBRATION_REMINDER_MAIL, (p) =>
      this.reminder(p as unknown as ReminderParams),
    );
  }

  private async outcome({ id, outcome }: OutcomeParams): Promise<Compose | null> {
    const row = await q.find(this.db, id);
    if (!row) return null;
    const { celebration: c, contact } = row;
    const expected: Record<Outcome, string[]> = {
      received: ['pending'],
      confirmed: ['confirmed'],
      proposed: ['proposed'],
      declined: ['declined'],
    };
    if (!expected[outcome].includes(c.status)) return null;
    const to = row.bookerEmail ?? contact.email;
    if (!to) return null;
    const tz = await this.context.timezone();
    const when = whenText(c.slotStart, tz);
    const what = label(c.kind);
    const firstName = row.bookerFirstName ?? contact.firstName;
    return (chamber: ChamberIdentity) => {
      const membership = `${chamber.publicUrl}${paths.membership.href()}`;
      const texts: Record<Outcome, { subject: string; paragraphs: string[]; url: string }> = {
        received: {
          subject: `We received your ${what.toLowerCase()} booking`,
          paragraphs: [
            `Thank you for booking a ${what.toLowerCase()} for ${businessName(contact)} on ${when} at ${c.address}.`,
            'Our staff will confirm it shortly; we will write again when they do.',
          ],
          url: membership,
        },
        confirmed: {
          subject: `Your ${what.toLowerCase()} is confirmed: ${when}`,
          paragraphs: [
            `Your ${what.toLowerCase()} for ${businessName(contact)} on ${when} at ${c.address} is confirmed and on the chamber's calendar, open for registrations.`,
            'We will remind you two weeks and two days before, with what we bring.',
          ],
          url: c.eventId ? `${chamber.publicUrl}${paths.event.href(c.eventId)}` : membership,
        },
        proposed: {
          subject: `Another time for your ${what.toLowerCase()}: ${when}`,
          paragraphs: [
            `Our staff propose ${when} for your ${what.toLowerCase()} instead of the time you chose.`,
            ...(c.staffNote ? [c.staffNote] : []),
            'Accept it, or withdraw the booking and choose another time, on your membership page.',
          ],
          url: membership,
        },
        declined: {
          subject: `Your ${what.toLowerCase()} booking was declined`,
          paragraphs: [
            `Our staff could not hold your ${what.toLowerCase()} on ${when}. Their reason:`,
            c.staffNote ?? '',
            'You can book another time on your membership page.',
          ],
          url: membership,
        },
      };
      const t = texts[outcome];
      return {
        to,
        ...renderMail(chamber, {
          subject: t.subject,
          preview: t.paragraphs[0]!,
          greeting: `Hi ${firstName || 'there'},`,
          paragraphs: t.paragraphs,
          action: {
            label: outcome === 'confirmed' ? 'See the event' : 'Open your membership',
            url: t.url,
          },
        }),
      };
    };
  }

  private async ambassador({ id, personId }: AmbassadorParams): Promise<Compose | null> {
    const row = await q.find(this.db, id);
    if (!row || row.celebration.status !== 'confirmed' || !row.celebration.eventId) return null;
    // No longer an ambassador by the time it is sent (or a mail queued before ambassadors were
    // people, naming a business): not sent.
    const ambassador = (await q.ambassadors(this.db)).find((a) => a.personId === personId);
    const to = ambassador?.loginEmail ?? ambassador?.email;
    if (!ambassador || !to) return null;
    const { celebration: c, contact } = row;
    const when = whenText(c.slotStart, await this.context.timezone());
    const what = label(c.kind);
    return (chamber) => ({
      to,
      ...renderMail(chamber, {
        subject: `${what}: ${businessName(contact)}, ${when}`,
        preview: `Join us as an ambassador at ${businessName(contact)}'s ${what.toLowerCase()}.`,
        greeting: `Hi ${ambassador.firstName || 'there'},`,
        paragraphs: [
          `${businessName(contact)} celebrates a ${what.toLowerCase()} on ${when} at ${c.address}.`,
          'As one of our ambassadors, please sign up to attend.',
        ],
        action: {
          label: 'Sign up to attend',
          url: `${chamber.publicUrl}${paths.event.href(c.eventId!)}?register`,
        },
      }),
    });
  }

  private async reminder({ id, days }: ReminderParams): Promise<Compose | null> {
    const row = await q.find(this.db, id);
    if (!row || row.celebration.status !== 'confirmed') return null;
    const { celebration: c, contact } = row;
    const to = row.bookerEmail ?? contact.email;
    if (!to) return null;
    const [tz, checklist] = await Promise.all([this.context.timezone(), this.context.checklist()]);
    const when = whenText(c.slotStart, tz);
    const what = label(c.kind);
    const firstName = row.bookerFirstName ?? contact.firstName;
    return (chamber) => ({
      to,
      ...renderMail(chamber, {
        subject: `Your ${what.toLowerCase()} is in ${days === 2 ? 'two days' : 'two weeks'}`,
        preview: `${what} for ${businessName(contact)} on ${when}.`,
        greeting: `Hi ${firstName || 'there'},`,
        paragraphs: [
          `A reminder: your ${what.toLowerCase()} for ${businessName(contact)} is on ${when} at ${c.address}.`,
          ...(checklist.length
            ? [`What the chamber brings:\n${checklist.map((item) => `• ${item}`).join('\n')}`]
            : []),
        ],
        ...(c.eventId
          ? {
              action: {
                label: 'See the event',
                url: `${chamber.publicUrl}${paths.event.href(c.eventId)}`,
              },
            }
          : {}),
      }),
    });
  }
}
