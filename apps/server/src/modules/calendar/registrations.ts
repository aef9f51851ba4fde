import type {
  RegisterForEvent,
  registerForEventSchema,
  RegistrationList,
  RegistrationResult,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { isActiveAccount, type Session } from '../../plugins/auth.js';
import { assertCanEdit } from './access.js';
import type { EventMail } from './event-mail.js';
import { isCancelled } from './event-status.js';
import { issueManageToken, manageUrl } from './manage-links.js';
import * as q from './queries.js';
import type { EventRow, RegistrationRow } from './queries.js';
import { ownerRow, registrationKey, resolveTarget, shownRow } from './targets.js';
import { toAttendee, toRegistration, viewOfTarget } from './view.js';

type RegistrationBody = z.output<typeof registerForEventSchema>;
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

export interface RegisterOutcome {
  result: RegistrationResult;
  /**
   * 201 for a new registration and for a repeat that changed nothing (the two must not be
   * told apart), 200 for the owner's update.
   */
  status: 200 | 201;
  /** The mail failed; the registration stands. */
  mailError?: unknown;
}

const closed = (why: string) => new AppError('bad_request', `Registration is closed: ${why}.`);

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

type Saved =
  | { kind: 'created'; row: RegistrationRow; token: string }
  | { kind: 'updated'; row: RegistrationRow; token: string }
  | { kind: 'unchanged'; row: RegistrationRow; token: string };

export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly mail: EventMail,
    private readonly publicUrl: string,
  ) {}

  /**
   * Stores a registration for an event or occurrence and mails a confirmation with its manage
   * link. An address that had registered is changed only by its signed-in owner; for anyone
   * else nothing changes, the address is mailed its manage link instead, and the answer is
   * the one a new registration gets, so it tells nobody whether the address had registered.
   */
  async register(
    id: string,
    body: RegistrationBody | RegisterForEvent,
    session: Session | null,
    ip: string,
  ): Promise<RegisterOutcome> {
    const target = await resolveTarget(this.db, id);
    if (target.kind === 'series') {
      throw new AppError('bad_request', 'Choose a date of this series to register for.');
    }
    const now = this.clock.now();
    const reason = closedReason(shownRow(target), now);
    if (reason) throw closed(reason);

    const attempt = await this.throttle.take(registrationWindows(body.email, ip));
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Too many registrations from here. Please try again later.',
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    const { eventId, occurrenceKey } = registrationKey(target);
    const sent = {
      name: body.name.trim(),
      email: body.email.trim(),
      phone: body.phone?.trim() || null,
      guests: Number(body.numberOfGuests ?? 1),
      notes: body.notes?.trim() || null,
    };
    const saved = await this.save({ eventId, occurrenceKey, sent, session, now });

    const all = await q.listRegistrations(this.db, eventId, occurrenceKey);
    const link = manageUrl(this.publicUrl, saved.token);
    let mailError: unknown;
    try {
      if (saved.kind === 'unchanged') {
        await this.mail.registrationAlreadyMade(target, saved.row, link);
      } else {
        await this.mail.registrationConfirmed(target, saved.row, {
          updated: saved.kind === 'updated',
          manageUrl: link,
        });
      }
    } catch (err) {
      mailError = err;
    }
    const shownId = viewOfTarget(target).id;
    // A repeat that changed nothing answers with what was sent, as a new registration would:
    // never with the stored registration, which is the registrant's, not the caller's.
    const registration =
      saved.kind === 'unchanged'
        ? toRegistration({ ...saved.row, ...sent, createdAt: now, updatedAt: now }, shownId)
        : toRegistration(saved.row, shownId);
    return {
      status: saved.kind === 'updated' ? 200 : 201,
      ...(mailError ? { mailError } : {}),
      result: {
        registration,
        updated: saved.kind === 'updated',
        attendeeCount: all.reduce((sum, r) => sum + r.guests, 0),
        registrationCount: all.length,
        message: mailError
          ? "You're registered, but we could not send the confirmation email. Please contact the chamber office if you need it."
          : "We've sent a confirmation to your email.",
      },
    };
  }

  /**
   * Inserts the registration, or decides what a repeat of its address may do, under the row's
   * lock. Every outcome issues a fresh manage token, since every outcome mails a link.
   */
  private async save(input: {
    eventId: string;
    occurrenceKey: string;
    sent: Pick<RegistrationRow, 'name' | 'email' | 'phone' | 'guests' | 'notes'>;
    session: Session | null;
    now: Date;
  }): Promise<Saved> {
    const { eventId, occurrenceKey, sent, session, now } = input;
    const { token, hash } = issueManageToken();
    return this.db.transaction(async (tx) => {
      // Twice at most: a registration cancelled between the insert and the lock frees its place.
      for (let tries = 0; tries < 2; tries += 1) {
        const created = await q.insertRegistration(tx, {
          eventId,
          occurrenceKey,
          ...sent,
          userId: session?.user.id ?? null,
          manageTokenHash: hash,
          createdAt: now,
          updatedAt: now,
        });
        if (created) return { kind: 'created', row: created, token };
        const existing = await q.lockRegistrationOf(tx, {
          eventId,
          occurrenceKey,
          email: sent.email,
        });
        if (!existing) continue;
        if (ownsRegistration(session, existing)) {
          const row = await q.updateRegistration(tx, existing.id, {
            ...sent,
            // The address as first registered stays: it is the key of the registration.
            email: existing.email,
            userId: existing.userId ?? session!.user.id,
            manageTokenHash: hash,
            updatedAt: now,
          });
          return { kind: 'updated', row, token };
        }
        // The registrant's link in this mail replaces the one before; nothing else changes.
        const row = await q.updateRegistration(tx, existing.id, { manageTokenHash: hash });
        return { kind: 'unchanged', row, token };
      }
      throw new AppError('conflict', 'This registration changed just now. Please try again.');
    });
  }

  /** An event's registrations, for its organizer and staff. */
  async list(id: string, session: Session | null): Promise<RegistrationList> {
    const target = await resolveTarget(this.db, id);
    assertCanEdit(session, ownerRow(target));
    const { eventId, occurrenceKey } = registrationKey(target);
    const rows =
      target.kind === 'series' ? [] : await q.listRegistrations(this.db, eventId, occurrenceKey);
    return {
      registrations: rows.map(toAttendee),
      attendeeCount: rows.reduce((sum, r) => sum + r.guests, 0),
      registrationCount: rows.length,
    };
  }
}
