import {
  type CancelledRegistration,
  dateTimeFormat,
  type ManagedRegistration,
  type OrderAttendee,
  type updateAttendeeSchema,
  seatMessages,
  type updateManagedRegistrationSchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type MailOutbox, queueMail } from '../../lib/mail/outbox.js';
import type { Throttle } from '../../lib/throttle.js';
import {
  type CancelledMailParams,
  MANAGE_LINK_MAIL,
  type ManagedMailParams,
  OFFER_TAKEN_MAIL,
  REGISTRATION_CANCELLED_MAIL,
  REGISTRATION_UPDATED_MAIL,
} from './registration-mail.js';
import {
  calendarQueries as q,
  holdsSeats,
  isCancelled,
  registrationKey,
  type RegistrationRow,
  resolveTarget,
  shownRow,
  type Target,
  targetIdOf,
  toRegistration,
  viewOfTarget,
} from '../calendars/index.js';
import { issueManageToken, manageTokenHash } from './manage-links.js';
import { releaseRedemptions } from '../benefits/index.js';
import { CheckInCodes } from '../check-in/index.js';
import { closedReason, queueOffers, registrationWindows } from './rules.js';
import * as oq from './order-queries.js';
import { invoiceStoredOrder, isOrder, orderOf, type OrderService } from './orders.js';
import { notEnoughSeats, seatsFor, settleSeats } from './seats.js';
import { sellsTickets, type Tickets, userIsMember } from '../tickets/index.js';

type Changes = z.output<typeof updateManagedRegistrationSchema>;

/** Any token that names no registration: wrong, replaced at the registrant's asking, or cancelled. */
const linkNotValid = () =>
  new AppError(
    'not_found',
    'This link is not valid. It may have been replaced by a newer one you asked for, or the registration was cancelled.',
  );

const registrationNotFound = () => new AppError('not_found', 'Registration not found');

/** The registrant's refund sentence, told to staff. */
const theirs = (refund: string) =>
  refund.replace(/\bYour ticket\b/g, 'Their ticket').replace(/\byour (ticket|card)\b/g, 'their $1');

const sentence = (reason: string) => `Registration is closed: ${reason}.`;

/** A mail of the manage page about one registration, written in the change's transaction. */
const queueManaged = (tx: Executor, now: Date, kind: string, registrationId: string) => {
  const params: ManagedMailParams = { registrationId };
  return queueMail(tx, now, kind, { ...params });
};

/**
 * A registration reached through its manage link, which proves the mailbox: read it, change
 * the party and details, or cancel, while the event is still to come; take seats offered to
 * a waiting party; show the check-in code. Each mail a change calls for is written to the
 * outbox in the change's transaction (`registration-mail.ts` composes it).
 */
export class RegistrationManageService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly codes: CheckInCodes = new CheckInCodes(db),
    private readonly tickets: Tickets | null = null,
    private readonly orders: OrderService | null = null,
  ) {}

  async read(token: string): Promise<ManagedRegistration> {
    const row = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!row) throw linkNotValid();
    return this.view(this.db, row, await this.targetOf(this.db, row));
  }

  /**
   * The whole form (name, party size, phone, notes); the address stays. A party holding seats
   * grows only into the seats left; a smaller one frees seats for the waiting list. Mails a
   * confirmation.
   */
  async update(token: string, changes: Changes, ip: string): Promise<ManagedRegistration> {
    const found = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!found) throw linkNotValid();
    // The same allowance as registering: each change mails the address.
    const attempt = await this.throttle.take(registrationWindows(found.email, ip));
    if (attempt.blocked) {
      throw new AppError('too_many_requests', 'Too many changes. Please try again later.', {
        'retry-after': String(attempt.retryAfter),
      });
    }
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const { row: stored, target } = await this.lockOpen(tx, token);
      // An order's seats are its tickets' (its party size is not sent by its page).
      const order = await isOrder(tx, stored.id);
      const guests = order ? stored.guests : Number(changes.numberOfGuests ?? 1);
      if (stored.invoiceId && guests !== stored.guests) {
        throw new AppError(
          'conflict',
          'The party size of a ticket is changed by the chamber’s staff: the invoice is for this party.',
        );
      }
      const key = registrationKey(target);
      const capacity = shownRow(target).capacity;
      if (holdsSeats(stored) && guests > stored.guests) {
        const seats = await seatsFor(tx, key, capacity, now, stored.id);
        if (!seats.fits(guests)) throw notEnoughSeats(seats.left ?? 0);
      }
      const row = await q.updateRegistration(tx, stored.id, {
        name: changes.name.trim(),
        phone: changes.phone?.trim() || null,
        guests,
        notes: changes.notes?.trim() || null,
        updatedAt: now,
      });
      const offers = await settleSeats(tx, key, capacity, now);
      // An offer to this party itself is mailed with a fresh link: the page keeps the old one.
      await queueOffers(tx, now, offers);
      const fresh = offers.find((o) => o.row.id === row.id);
      const current = fresh?.row ?? row;
      if (current.seatStatus === 'confirmed') {
        await queueManaged(tx, now, REGISTRATION_UPDATED_MAIL, current.id);
      }
      return this.view(tx, current, target);
    });
    this.outbox.wake();
    return result;
  }

  /** Cancels: the seats go to the waiting list, each party that fits offered them by mail. */
  async cancel(token: string): Promise<CancelledRegistration> {
    const now = this.clock.now();
    const { row, target } = await this.db.transaction(async (tx) => {
      const open = await this.lockOpen(tx, token);
      await this.remove(tx, open, now);
      return open;
    });
    this.outbox.wake();
    const refund = this.tickets ? await this.tickets.cancelled(row, shownRow(target)) : null;
    const message =
      row.seatStatus === 'waitlisted' || row.seatStatus === 'offered'
        ? 'You have left the waiting list.'
        : `Your registration is cancelled.${refund ? ` ${refund}` : ''}`;
    return { cancelled: true, message };
  }

  /**
   * Staff cancel a registration or order of the event `eventId` names (decision 0156): as the
   * registrant's own cancellation does, in one transaction, and while the event is still to
   * come. A party already checked in at the door is not cancelled (409). The answer tells
   * staff what happened to its ticket's money.
   */
  async cancelByStaff(eventId: string, registrationId: string): Promise<CancelledRegistration> {
    const now = this.clock.now();
    const { row, target } = await this.db.transaction(async (tx) => {
      const seen = await q.findRegistration(tx, registrationId);
      if (!seen || targetIdOf(seen) !== (await this.canonicalId(tx, eventId))) {
        throw registrationNotFound();
      }
      await q.lockSeats(tx, seen);
      const row = await q.findRegistration(tx, registrationId, true);
      if (!row) throw registrationNotFound();
      const target = await this.targetOf(tx, row);
      const reason = closedReason(shownRow(target), now);
      if (reason) throw new AppError('bad_request', sentence(reason));
      if (row.checkedInAt) {
        throw new AppError(
          'conflict',
          'This party is checked in at the door: undo the check-in before cancelling.',
        );
      }
      const open = { row, target };
      await this.remove(tx, open, now);
      return open;
    });
    this.outbox.wake();
    const refund = this.tickets ? await this.tickets.cancelled(row, shownRow(target)) : null;
    const waiting = row.seatStatus === 'waitlisted' || row.seatStatus === 'offered';
    const message = waiting
      ? `${row.name} has left the waiting list and was mailed that the registration is cancelled.`
      : `${row.name}'s registration is cancelled and they were mailed that it is.${
          refund ? ` ${theirs(refund)}` : ''
        }`;
    return { cancelled: true, message };
  }

  /**
   * Removes a locked registration: an order's tickets go back to their types, its promo
   * code's use and plan benefits' tickets to the code and the business (decision 0152), the
   * seats freed are offered down the waiting list, and the address is mailed.
   */
  private async remove(tx: Executor, open: { row: RegistrationRow; target: Target }, now: Date) {
    const order = await isOrder(tx, open.row.id);
    await q.deleteRegistration(tx, open.row.id);
    if (order) await oq.recountSold(tx, open.row.eventId, now);
    await releaseRedemptions(tx, { registrationId: open.row.id, at: now });
    const offers = await settleSeats(
      tx,
      registrationKey(open.target),
      shownRow(open.target).capacity,
      now,
    );
    await queueOffers(tx, now, offers);
    // The row is gone: the mail's row holds whom to tell.
    const params: CancelledMailParams = {
      targetId: targetIdOf(open.row),
      name: open.row.name,
      email: open.row.email,
    };
    await queueMail(tx, now, REGISTRATION_CANCELLED_MAIL, { ...params });
  }

  /** The id of the event or occurrence `id` names, as its registrations name it; 404 if none. */
  private async canonicalId(tx: Executor, id: string): Promise<string> {
    try {
      return targetIdOf(registrationKey(await resolveTarget(tx, id)));
    } catch {
      throw registrationNotFound();
    }
  }

  /**
   * Takes the seats offered to a waiting party, before the offer expires: the party is
   * registered and mailed a confirmation with its check-in code. An offer taken too late
   * answers 409 and goes to the next party.
   */
  async accept(token: string): Promise<ManagedRegistration> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const { row: stored, target } = await this.lockOpen(tx, token);
      if (stored.seatStatus === 'confirmed') {
        return { kind: 'taken' as const, row: stored, target };
      }
      if (stored.seatStatus === 'lapsed') return { kind: 'expired' as const, target };
      if (stored.seatStatus !== 'offered') throw new AppError('conflict', seatMessages.notOffered);
      if (!stored.holdUntil || stored.holdUntil <= now) {
        // Lapse it now rather than wait for the offer job; its seats go down the list.
        const offers = await settleSeats(
          tx,
          registrationKey(target),
          shownRow(target).capacity,
          now,
        );
        await queueOffers(tx, now, offers);
        return { kind: 'expired' as const, target };
      }
      // At a paid event the seats are taken with a ticket: held until paid online, or
      // confirmed with the price due at the door.
      const shown = shownRow(target);
      if (this.tickets && (await isOrder(tx, stored.id))) {
        return this.acceptOrder(tx, stored, target, now);
      }
      const terms =
        this.tickets && sellsTickets(shown)
          ? this.tickets.termsFor(shown, await userIsMember(tx, stored.userId))
          : null;
      const online = terms?.payment === 'online';
      let row = await q.updateRegistration(tx, stored.id, {
        seatStatus: online ? 'held' : 'confirmed',
        holdUntil: online ? this.tickets!.holdUntil(now) : null,
        updatedAt: now,
      });
      if (terms && !row.invoiceId) {
        await this.tickets!.invoiceFor(tx, {
          rows: [
            {
              row,
              title: shown.title.trim() || 'Untitled Event',
              when: dateTimeFormat('en-US', {
                timeZone: shown.timezone,
                dateStyle: 'long',
              }).format(shown.startTime),
            },
          ],
          terms,
          session: null,
          eventId: row.eventId,
        });
        row = (await q.findRegistration(tx, row.id))!;
      }
      // Seats held for an online payment are confirmed by the payment's mail.
      if (row.seatStatus === 'confirmed') await queueManaged(tx, now, OFFER_TAKEN_MAIL, row.id);
      return { kind: 'accepted' as const, row, target };
    });
    // Committed: its mail, or the offers of an expired one's seats, go out now.
    this.outbox.wake();
    if (outcome.kind === 'expired') throw new AppError('conflict', seatMessages.offerExpired);
    const { row, target } = outcome;
    return this.view(this.db, row, target);
  }

  /**
   * A waiting order takes the tickets offered it: its stored lines are invoiced (held until
   * paid online, or due at the door), or it is confirmed when it has nothing to pay.
   */
  private async acceptOrder(tx: Executor, stored: RegistrationRow, target: Target, now: Date) {
    const shown = shownRow(target);
    const online = this.tickets!.paymentFor(shown) === 'online';
    const owes = (await oq.linesOf(tx, [stored.id])).some((l) => l.lineCents > 0);
    const held = owes && online;
    let row = await q.updateRegistration(tx, stored.id, {
      seatStatus: held ? 'held' : 'confirmed',
      holdUntil: held ? this.tickets!.holdUntil(now) : null,
      updatedAt: now,
    });
    if (await invoiceStoredOrder(tx, this.tickets!, row, shown)) {
      row = (await q.findRegistration(tx, row.id))!;
    }
    await oq.recountSold(tx, row.eventId, now);
    if (row.seatStatus === 'confirmed') await queueManaged(tx, now, OFFER_TAKEN_MAIL, row.id);
    return { kind: 'accepted' as const, row, target };
  }

  /**
   * The buyer names (or renames) an attendee of their order, through its manage link, until
   * the event starts. An attendee of another order is not found (404).
   */
  async updateAttendee(
    token: string,
    attendeeId: string,
    details: z.output<typeof updateAttendeeSchema>,
  ): Promise<OrderAttendee> {
    const row = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!row) throw linkNotValid();
    if (!this.orders) throw new AppError('not_found', 'Attendee not found');
    return this.orders.updateOwnAttendee(row, attendeeId, details);
  }

  /**
   * A new manage link, mailed to the address, and every earlier one stops working: for a
   * registrant who fears a link reached someone else. The event may have started. Every
   * link stops here, in the request; the new one is issued when its mail is composed, so the
   * outbox holds no working link.
   */
  async replaceLinks(token: string, ip: string): Promise<{ message: string }> {
    const found = await q.findRegistrationByToken(this.db, manageTokenHash(token));
    if (!found) throw linkNotValid();
    // Each asks for a mail to the address: the registration's allowance.
    const attempt = await this.throttle.take(registrationWindows(found.email, ip));
    if (attempt.blocked) {
      throw new AppError('too_many_requests', 'Too many requests. Please try again later.', {
        'retry-after': String(attempt.retryAfter),
      });
    }
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const locked = await q.findRegistrationByToken(tx, manageTokenHash(token), true);
      if (!locked) throw linkNotValid();
      // A hash whose token nobody is given: no link works until the mail's is issued.
      const row = await q.updateRegistration(tx, locked.id, {
        manageTokenHash: issueManageToken().hash,
      });
      // After the update: the link it replaced was kept as an earlier one, and goes too.
      await q.forgetEarlierLinks(tx, locked.id);
      await queueManaged(tx, now, MANAGE_LINK_MAIL, locked.id);
      return row;
    });
    this.outbox.wake();
    return {
      message: `We've emailed a new link to ${row.email}. Links in earlier emails no longer work.`,
    };
  }

  /**
   * The registration of the token, locked, for an event that still takes changes. The
   * occurrence's seat lock is taken first, as everywhere seats are counted.
   */
  private async lockOpen(tx: Executor, token: string) {
    const hash = manageTokenHash(token);
    const seen = await q.findRegistrationByToken(tx, hash);
    if (!seen) throw linkNotValid();
    await q.lockSeats(tx, seen);
    const row = await q.findRegistrationByToken(tx, hash, true);
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

  private async view(
    db: Executor,
    row: RegistrationRow,
    target: Target,
  ): Promise<ManagedRegistration> {
    const shown = shownRow(target);
    const { id } = viewOfTarget(target);
    const now = this.clock.now();
    const reason = closedReason(shown, now);
    const key = registrationKey(target);
    const seats = await seatsFor(db, key, shown.capacity, now, row.id);
    return {
      registration: toRegistration(row, id, await q.waitlistPosition(db, row)),
      ticket: this.tickets
        ? await this.tickets.stateOf(row, shown, {
            checkout: true,
            returnPath: `/events/${encodeURIComponent(id)}`,
          })
        : null,
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
      seatsLeft: seats.left,
      canAccept:
        reason === null &&
        row.seatStatus === 'offered' &&
        row.holdUntil !== null &&
        row.holdUntil > now,
      checkInCode: row.seatStatus === 'confirmed' ? await this.codes.issue(row.id) : null,
      order: target.kind === 'single' ? await orderOf(db, row, shown, now) : null,
    };
  }
}
