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
import type { Session } from '../auth/service.js';
import { assertCanEdit } from './access.js';
import type { EventMail } from './event-mail.js';
import * as q from './queries.js';
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
  created: boolean;
  /** The confirmation mail failed; the registration stands. */
  mailError?: unknown;
}

const closed = (why: string) => new AppError('bad_request', `Registration is closed: ${why}.`);

export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly mail: EventMail,
  ) {}

  /** Stores (or updates) a registration for an event or occurrence and mails a confirmation. */
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
    const row = shownRow(target);
    if (row.appointmentStatus === 'cancelled' || row.status === 'cancelled') {
      throw closed('this event was cancelled');
    }
    const now = this.clock.now();
    if (row.startTime <= now) throw closed('this event has already started');

    const attempt = await this.throttle.take(registrationWindows(body.email, ip));
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Too many registrations from here. Please try again later.',
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    const { eventId, occurrenceKey } = registrationKey(target);
    const { row: saved, inserted } = await q.upsertRegistration(this.db, {
      eventId,
      occurrenceKey,
      name: body.name.trim(),
      email: body.email.trim(),
      phone: body.phone?.trim() || null,
      guests: Number(body.numberOfGuests ?? 1),
      notes: body.notes?.trim() || null,
      userId: session?.user.id ?? null,
      updatedAt: now,
    });
    const all = await q.listRegistrations(this.db, eventId, occurrenceKey);
    let mailError: unknown;
    try {
      await this.mail.registrationConfirmed(target, saved, !inserted);
    } catch (err) {
      mailError = err;
    }
    return {
      created: inserted,
      ...(mailError ? { mailError } : {}),
      result: {
        registration: toRegistration(saved, viewOfTarget(target).id),
        updated: !inserted,
        attendeeCount: all.reduce((sum, r) => sum + r.guests, 0),
        registrationCount: all.length,
        message: mailError
          ? "You're registered, but we could not send the confirmation email. Please contact the chamber office if you need it."
          : "We've sent a confirmation to your email.",
      },
    };
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
