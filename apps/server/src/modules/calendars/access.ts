import { AppError } from '../../lib/errors.js';
import { isActiveAccount, isCurrentMember, isStaff, type Session } from '../../plugins/auth.js';
import type { EventRow } from './queries.js';

/**
 * Why this account may not put something on the public calendar (events, and the covers and
 * files uploaded for them), or null when it may: a current member or staff (isCurrentMember).
 * An account the chamber has not confirmed, or a business whose membership is unpaid, may
 * not yet, and one whose membership lapsed no longer: the calendar is the chamber's public
 * face. The profile carries the answer, so the web app says it before the form, not on save.
 */
export function eventCreationRefusal(session: Session): string | null {
  const notYet =
    'Your membership is not active yet. Events can be added once the chamber confirms it.';
  if (!isActiveAccount(session)) return notYet;
  // A login without a business is refused by the event's own check (a contact is required).
  if (isCurrentMember(session) || !session.user.contactId) return null;
  const status = session.membershipStatus;
  if (status === 'lapsed' || status === 'cancelled') {
    return 'Your membership has lapsed. Events can be added again once it is renewed.';
  }
  return notYet;
}

export function assertCanCreateEvents(session: Session | null): Session {
  if (!session) {
    throw new AppError('unauthorized', 'Please sign in to continue.', {
      'www-authenticate': 'Bearer',
    });
  }
  const refusal = eventCreationRefusal(session);
  if (refusal) throw new AppError('forbidden', refusal);
  return session;
}

/**
 * The design's Permissions table: a member edits and deletes their own events (those they created,
 * or linked to their contact); moderators and admins any event. For an occurrence the series
 * decides.
 */
export function canEditEvent(session: Session | null, row: EventRow): boolean {
  if (!session) return false;
  if (isStaff(session)) return true;
  if (row.createdBy !== null && row.createdBy === session.user.id) return true;
  return row.contactId !== null && row.contactId === session.user.contactId;
}

export function assertCanEdit(session: Session | null, row: EventRow): Session {
  if (!session) {
    throw new AppError('unauthorized', 'Please sign in to continue.', {
      'www-authenticate': 'Bearer',
    });
  }
  if (!canEditEvent(session, row)) {
    throw new AppError('forbidden', 'You can only change events you created.');
  }
  return session;
}
