import type {
  CancelledRegistration,
  ManagedRegistration,
  updateManagedRegistrationSchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';
import type { EventMail } from './event-mail.js';
import { isCancelled } from './event-status.js';
import { manageTokenHash } from './manage-links.js';
import * as q from './queries.js';
import type { RegistrationRow } from './queries.js';
import { closedReason, registrationWindows } from './registrations.js';
import { resolveTarget, shownRow, type Target } from './targets.js';
import { toRegistration, viewOfTarget } from './view.js';

type Changes = z.output<typeof updateManagedRegistrationSchema>;

/** Any token that names no registration: wrong, replaced by a newer mail, or cancelled. */
const linkNotValid = () =>
  new AppError(
    'not_found',
    'This link is not valid. It may have been replaced by a newer email, or the registration was cancelled.',
  );

const sentence = (reason: string) => `Registration is closed: ${reason}.`;

/** An answer, and the mail's failure if it failed (the change stands; the route logs it). */
export interface Mailed<T> {
  result: T;
  mailError: unknown;
}

async function attempted(send: () => Promise<unknown>): Promise<unknown> {
  try {
    await send();
    return undefined;
  } catch (err) {
    return err;
  }
}

/**
 * A registration reached through its manage link, which proves the mailbox: read it, change
 * the party and details, or cancel, while the event is still to come. Capacity, waiting
 * lists and check-in will hang off this same link.
 */
export class RegistrationManageService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly mail: EventMail,
  ) {}

  async read(token: string): Promise<ManagedRegistration> {
    const row = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!row) throw linkNotValid();
    return this.view(row, await this.targetOf(this.db, row));
  }

  /** The whole form (name, party size, phone, notes); the address stays. Mails a confirmation. */
  async update(token: string, changes: Changes, ip: string): Promise<Mailed<ManagedRegistration>> {
    const found = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!found) throw linkNotValid();
    // The same allowance as registering: each change mails the address.
    const attempt = await this.throttle.take(registrationWindows(found.email, ip));
    if (attempt.blocked) {
      throw new AppError('too_many_requests', 'Too many changes. Please try again later.', {
        'retry-after': String(attempt.retryAfter),
      });
    }
    const { row, target } = await this.db.transaction(async (tx) => {
      const { row: stored, target } = await this.lockOpen(tx, token);
      const row = await q.updateRegistration(tx, stored.id, {
        name: changes.name.trim(),
        phone: changes.phone?.trim() || null,
        guests: Number(changes.numberOfGuests ?? 1),
        notes: changes.notes?.trim() || null,
        updatedAt: this.clock.now(),
      });
      return { row, target };
    });
    const mailError = await attempted(() =>
      this.mail.registrationConfirmed(target, row, { updated: true }),
    );
    return { result: this.view(row, target), mailError };
  }

  async cancel(token: string): Promise<Mailed<CancelledRegistration>> {
    const { row, target } = await this.db.transaction(async (tx) => {
      const open = await this.lockOpen(tx, token);
      await q.deleteRegistration(tx, open.row.id);
      return open;
    });
    const mailError = await attempted(() => this.mail.registrationCancelled(target, row));
    return { result: { cancelled: true, message: 'Your registration is cancelled.' }, mailError };
  }

  /** The registration of the token, locked, for an event that still takes changes. */
  private async lockOpen(tx: Executor, token: string) {
    const row = await q.findRegistrationByToken(tx, manageTokenHash(token), true);
    if (!row) throw linkNotValid();
    const target = await this.targetOf(tx, row);
    const reason = closedReason(shownRow(target), this.clock.now());
    if (reason) throw new AppError('bad_request', sentence(reason));
    return { row, target };
  }

  /** The event or occurrence a registration belongs to. */
  private async targetOf(db: Executor, row: RegistrationRow): Promise<Target> {
    const id = row.occurrenceKey ? `${row.eventId}_${row.occurrenceKey}` : row.eventId;
    try {
      return await resolveTarget(db, id);
    } catch {
      // Its occurrence is gone from the series (registrations go with it, so this is a race).
      throw linkNotValid();
    }
  }

  private view(row: RegistrationRow, target: Target): ManagedRegistration {
    const shown = shownRow(target);
    const { id } = viewOfTarget(target);
    const reason = closedReason(shown, this.clock.now());
    return {
      registration: toRegistration(row, id),
      event: {
        id,
        title: shown.title.trim() || 'Untitled Event',
        startTime: shown.startTime.toISOString(),
        endTime: shown.endTime.toISOString(),
        isAllDay: shown.isAllDay,
        timezone: shown.timezone,
        location: shown.location,
        cancelled: isCancelled(shown),
      },
      canChange: reason === null,
      closedReason: reason ? sentence(reason) : null,
    };
  }
}
