import type { OccurrenceTally } from '../calendars/index.js';
import {
  dateTimeFormat,
  type EventRegistration,
  ticketMessages,
  type TicketState,
} from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { isActiveAccount, type Session } from '../../plugins/auth.js';
import {
  type EventRow,
  isCancelled,
  type RegistrationRow,
  shownRow,
  type Target,
  targetIdOf,
} from '../calendars/index.js';
import { queueMail } from '../../lib/mail/outbox.js';
import { SEAT_OFFER_MAIL, type SeatOfferMailParams } from './registration-mail.js';
import { type Offer } from './seats.js';

/**
 * The rules of registering that the registration, series and manage services share: the
 * throttle, when registration is closed, who owns a registration, what the answer says, and
 * the offers' mail.
 */

export const titleOf = (target: Target) => shownRow(target).title.trim() || 'Untitled Event';
/** The date of an occurrence as an invoice line names it, in the event's time zone. */
export const dayOf = (target: Target) => {
  const row = shownRow(target);
  return dateTimeFormat('en-US', {
    timeZone: row.timezone,
    dateStyle: 'long',
  }).format(row.startTime);
};
const HOUR = 3_600_000;

/**
 * Registration throttling. Each address may register 5 times an hour (enough to correct a
 * party size, too few to flood one inbox with confirmations), and one client 20 times an
 * hour (a family registering for several events; not a script mailing strangers).
 */
export function registrationWindows(email: string, ip: string): Window[] {
  return [
    { key: `register:email:${email.trim().toLowerCase()}`, limit: 5, windowMs: HOUR },
    { key: `register:ip:${ip}`, limit: 20, windowMs: HOUR },
  ];
}

/**
 * Counts a registration against `registrationWindows` and refuses it (429, with when to try
 * again) once a window is full: one date and a whole series count alike.
 */
export async function throttleRegistration(
  throttle: Throttle,
  email: string,
  ip: string,
): Promise<void> {
  const attempt = await throttle.take(registrationWindows(email, ip));
  if (attempt.blocked) {
    throw new AppError(
      'too_many_requests',
      'Too many registrations from here. Please try again later.',
      { 'retry-after': String(attempt.retryAfter) },
    );
  }
}

/** What the answer to a registration says, from the registration and its ticket. */
export function answerMessage(registration: EventRegistration, ticket: TicketState | null): string {
  if (ticket?.checkoutUrl) return `${ticketMessages.heldSeats} ${ticketMessages.paidOnline}`;
  if (registration.seatStatus === 'held') {
    return `${ticketMessages.heldSeats} The payment page could not be opened just now; please try again from your registration.`;
  }
  if (registration.seatStatus === 'waitlisted') {
    return `This event is sold out. You're number ${registration.waitlistPosition} on the waiting list; we'll email you if seats free up.`;
  }
  if (ticket?.status === 'unpaid') {
    return `${ticketMessages.payAtDoor} We've sent a confirmation to your email.`;
  }
  return "We've sent a confirmation to your email.";
}

export const closed = (why: string) =>
  new AppError('bad_request', `Registration is closed: ${why}.`);

/** Why an event or occurrence takes no registration (or change) now, or null while it does. */
export function closedReason(row: EventRow, now: Date): string | null {
  if (isCancelled(row)) return 'this event was cancelled';
  // At the start time itself it has started.
  if (row.startTime <= now) return 'this event has already started';
  return null;
}

/**
 * Who may change an existing registration by registering again: the signed-in user who made
 * it, or a signed-in user whose account has its address. The address of a pending account
 * was never checked (anyone can sign up with any address), so only confirmed accounts count.
 */
export function ownsRegistration(session: Session | null, registration: RegistrationRow) {
  if (!session) return false;
  if (registration.userId !== null && registration.userId === session.user.id) return true;
  return (
    isActiveAccount(session) &&
    session.user.email.toLowerCase() === registration.email.trim().toLowerCase()
  );
}

/**
 * Writes the mail of each offer of seats to the outbox, in the transaction that made the
 * offers: an offer committed is a mail queued, an offer rolled back queues none. The mail is
 * composed when its turn comes, with a fresh link (the offer's token is not kept).
 */
export async function queueOffers(tx: Executor, now: Date, offers: Offer[]): Promise<void> {
  for (const { row } of offers) {
    const params: SeatOfferMailParams = { targetId: targetIdOf(row), registrationId: row.id };
    await queueMail(tx, now, SEAT_OFFER_MAIL, { ...params });
  }
}

/** What saving a registration did, for RegistrationService. */
export interface Saved {
  kind: 'created' | 'updated' | 'unchanged';
  row: RegistrationRow;
  token: string;
  /** Waiting parties offered seats in the same transaction, to be mailed. */
  offers: Offer[];
  /** Whether the party sent fitted in the seats left. */
  fits: boolean;
  /** The occurrence's counts right after, when the statement that saved it read them. */
  tally?: OccurrenceTally;
}
