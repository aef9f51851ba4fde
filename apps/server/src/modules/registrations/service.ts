import { randomUUID } from 'node:crypto';
import {
  type RegisterForEvent,
  type registerForEventSchema,
  type RegistrationList,
  type RegistrationResult,
  type TicketState,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';
import { type Session } from '../../plugins/auth.js';
import {
  assertCanEdit,
  calendarQueries as q,
  countsOf,
  holdsSeats,
  orderedAttendees,
  ownerRow,
  registrationKey,
  type RegistrationRow,
  resolveTarget,
  seatsLeftOf,
  shownRow,
  type Target,
  toRegistration,
  viewOfTarget,
} from '../calendars/index.js';
import { type MailOutbox, queueMail } from '../../lib/mail/outbox.js';
import { issueManageToken } from './manage-links.js';
import { REGISTRATION_MAIL, type RegistrationMailParams } from './registration-mail.js';
import { SeatLine } from './seat-line.js';
import { notEnoughSeats, seatsFor, settleAndCount, settleSeats } from './seats.js';
import { isMember, type Tickets, type TicketTerms } from '../tickets/index.js';

import {
  answerMessage,
  closed,
  closedReason,
  dayOf,
  ownsRegistration,
  queueOffers,
  type Saved,
  throttleRegistration,
  titleOf,
} from './rules.js';

type RegistrationBody = z.output<typeof registerForEventSchema>;

export interface RegisterOutcome {
  result: RegistrationResult;
  /**
   * 201 for a new registration and for a repeat that changed nothing (the two must not be
   * told apart), 200 for the owner's update.
   */
  status: 200 | 201;
}

export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly tickets: Tickets | null = null,
  ) {
    this.line = new SeatLine(db);
  }

  /** New registrations for one occurrence, lined up and taken in batches. */
  private readonly line: SeatLine;

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

    await throttleRegistration(this.throttle, body.email, ip);
    const seatKey = registrationKey(target);
    const sent = {
      name: body.name.trim(),
      email: body.email.trim(),
      phone: body.phone?.trim() || null,
      guests: Number(body.numberOfGuests ?? 1),
      notes: body.notes?.trim() || null,
    };
    const capacity = shownRow(target).capacity;
    const terms = this.tickets?.termsFor(shownRow(target), isMember(session)) ?? null;
    const saved = await this.save({
      targetId: id,
      key: seatKey,
      capacity,
      sent,
      session,
      now,
      ticket: terms ? { terms, target } : null,
    });

    const shownId = viewOfTarget(target).id;
    // Its mail is in the outbox, committed: this process's workers take it at once.
    this.outbox.wake();
    const counts = saved.tally ?? (await q.occurrenceTally(this.db, saved.row, now));
    const returnPath = `/events/${encodeURIComponent(shownId)}`;
    if (saved.kind === 'unchanged') {
      // Seats still awaiting their online payment: the answer opens that registration's
      // payment page (the same Checkout session as the first answer's), as a new
      // registration's answer does; nothing else is held or charged.
      const awaiting =
        this.tickets && saved.row.seatStatus === 'held'
          ? await this.tickets.stateOf(saved.row, shownRow(target), { checkout: true, returnPath })
          : null;
      const result = await this.asIfNew(
        sent,
        saved.fits,
        counts,
        capacity,
        terms,
        shownId,
        now,
        {
          row: saved.row,
          ticket: awaiting?.checkoutUrl ? awaiting : null,
        },
        returnPath,
      );
      return { status: 201, result };
    }
    const ticket = this.tickets
      ? await this.tickets.stateOf(saved.row, shownRow(target), { checkout: true, returnPath })
      : null;
    const registration = toRegistration(saved.row, shownId, counts.position);
    return {
      status: saved.kind === 'updated' ? 200 : 201,
      result: {
        registration,
        updated: saved.kind === 'updated',
        attendeeCount: counts.people,
        registrationCount: counts.registrations,
        seatsLeft: seatsLeftOf(capacity, counts.taken),
        ticket,
        message: answerMessage(registration, ticket),
      },
    };
  }

  /**
   * The answer to a repeat of an address already registered, made by someone who is not its
   * owner: field for field what a new registration of the party sent would get now (its
   * seats counted, a fresh random id, its ticket and message), so it tells nobody whether
   * the address had registered. Only the mail to the address says what happened.
   *
   * A registration still awaiting its online payment is answered with its own ticket and
   * Checkout page (`existing.ticket`, its seats held until its hold ends), as a new
   * registration is with its page: whoever sends the form again, usually the registrant
   * whose payment page closed, can pay for those seats, and nothing is held or issued again.
   * A registration already paid online is answered with a payment page of its own, as a new
   * one is; it pays for nothing, and what is paid on it goes back.
   */
  private async asIfNew(
    sent: Pick<RegistrationRow, 'name' | 'email' | 'phone' | 'guests' | 'notes'>,
    fits: boolean,
    counts: q.OccurrenceTally,
    capacity: number | null,
    terms: TicketTerms | null,
    shownId: string,
    now: Date,
    existing: { row: RegistrationRow; ticket: TicketState | null },
    returnPath: string,
  ): Promise<RegistrationResult> {
    const awaiting = existing.ticket;
    const seated = fits || awaiting !== null;
    const held = awaiting !== null || (seated && terms?.payment === 'online');
    const registration = toRegistration(
      {
        ...sent,
        id: randomUUID(),
        eventId: shownId,
        occurrenceKey: '',
        userId: null,
        manageTokenHash: null,
        seatStatus: !seated ? 'waitlisted' : held ? 'held' : 'confirmed',
        holdUntil: awaiting ? existing.row.holdUntil : held ? this.tickets!.holdUntil(now) : null,
        checkedInAt: null,
        walkIn: false,
        invoiceId: null,
        queuedAt: 0,
        createdAt: now,
        updatedAt: now,
      },
      shownId,
      seated ? null : counts.waiting + 1,
    );
    const ticket =
      awaiting ??
      (seated && terms
        ? await this.tickets!.unissued(terms, sent.guests, held ? { now, returnPath } : undefined)
        : null);
    return {
      registration,
      updated: false,
      attendeeCount: counts.people + (seated ? sent.guests : 0),
      registrationCount: counts.registrations + (seated ? 1 : 0),
      seatsLeft: seatsLeftOf(capacity, counts.taken + (seated ? sent.guests : 0)),
      ticket,
      message: answerMessage(registration, ticket),
    };
  }

  /**
   * The mails of what `save` did, written to the outbox in its transaction: the registrant's
   * (none for seats held until paid online: the confirmation follows the payment) and the
   * offers of seats it caused. They are composed and sent by the outbox's workers, with the
   * registration read again then; their QR code, .ics and SMTP round trip cost more than the
   * registration, and a rush of thousands waits in the database, not in memory.
   */
  private async queueMail(tx: Executor, targetId: string, saved: Saved, now: Date) {
    const { row } = saved;
    if (row.seatStatus !== 'held') {
      const params: RegistrationMailParams = {
        targetId,
        registrationId: row.id,
        outcome: saved.kind,
        seatStatus: row.seatStatus,
      };
      await queueMail(tx, now, REGISTRATION_MAIL, { ...params });
    }
    await queueOffers(tx, now, saved.offers);
  }

  /**
   * Inserts the registration, or decides what a repeat of its address may do, under the
   * occurrence's seat lock (so two parties never take the last seat both) and the row's lock.
   * A party that does not fit joins the waiting list. Every outcome issues a fresh manage
   * token, since every outcome mails a link.
   */
  private async save(input: {
    /** The id registered through, for the mail. */
    targetId: string;
    key: q.SeatKey;
    capacity: number | null;
    sent: Pick<RegistrationRow, 'name' | 'email' | 'phone' | 'guests' | 'notes'>;
    session: Session | null;
    now: Date;
    /** A paid event: what the party pays, invoiced with its seats. */
    ticket: { terms: TicketTerms; target: Target } | null;
  }): Promise<Saved> {
    const { targetId, key, capacity, sent, session, now, ticket } = input;
    const { token, hash } = issueManageToken();
    // The registration mail's params, which the statement completes with the row's id and
    // seats and writes to the outbox with the row.
    const mail = { targetId, outcome: 'created' };
    if (!ticket) {
      // A free event's new registration takes its seat, or its place in the queue, in one
      // statement (with the others that arrive for the occurrence meanwhile: seat-line.ts);
      // the seat lock is held for that statement alone. Anything else (a repeat of the
      // address, seats to settle first) takes the locked path below.
      const attempt = await this.line.take(key, capacity, {
        values: { ...sent, userId: session?.user.id ?? null, manageTokenHash: hash },
        now,
        mail,
      });
      if (attempt.kind === 'saved') {
        // The row as the statement wrote it: no read of it, nor of the occurrence, after.
        const row: RegistrationRow = {
          ...sent,
          id: attempt.id,
          eventId: key.eventId,
          occurrenceKey: key.occurrenceKey,
          userId: session?.user.id ?? null,
          manageTokenHash: hash,
          seatStatus: attempt.seatStatus,
          holdUntil: null,
          checkedInAt: null,
          walkIn: false,
          invoiceId: null,
          queuedAt: attempt.queuedAt,
          createdAt: now,
          updatedAt: now,
        };
        const fits = row.seatStatus === 'confirmed';
        return { kind: 'created', row, token, offers: [], fits, tally: attempt.tally };
      }
    }
    return this.db.transaction(async (tx) => {
      const saved = await this.saveLocked(tx, input, token, hash);
      await this.queueMail(tx, targetId, saved, now);
      return saved;
    });
  }

  /** `save` under the seat lock, in its transaction. */
  private async saveLocked(
    tx: Executor,
    input: Parameters<RegistrationService['save']>[0],
    token: string,
    hash: string,
  ): Promise<Saved> {
    const { key, capacity, sent, session, now, ticket } = input;
    const online = ticket?.terms.payment === 'online';
    {
      await q.lockSeats(tx, key);
      // Waiting parties come first for seats that freed up (an offer ran out, say).
      const { offers, taken } = await settleAndCount(tx, key, capacity, now);
      const fits = capacity === null || sent.guests <= capacity - taken;
      const fresh = {
        ...sent,
        seatStatus: !fits ? 'waitlisted' : online ? 'held' : 'confirmed',
        holdUntil: fits && online ? this.tickets!.holdUntil(now) : null,
        checkedInAt: null,
        invoiceId: null,
      };
      // A party with seats at a paid event gets its invoice with them; a waiting one when
      // it takes the seats offered.
      const invoiced = async (row: RegistrationRow): Promise<RegistrationRow> => {
        if (!ticket || !fits) return row;
        await this.tickets!.invoiceFor(tx, {
          rows: [{ row, title: titleOf(ticket.target), when: dayOf(ticket.target) }],
          terms: ticket.terms,
          session,
          eventId: key.eventId,
        });
        return (await q.findRegistration(tx, row.id))!;
      };
      const created = await q.insertRegistration(tx, {
        eventId: key.eventId,
        occurrenceKey: key.occurrenceKey,
        ...fresh,
        userId: session?.user.id ?? null,
        manageTokenHash: hash,
        createdAt: now,
        updatedAt: now,
      });
      if (created) return { kind: 'created', row: await invoiced(created), token, offers, fits };
      const existing = await q.lockRegistrationOf(tx, { ...key, email: sent.email });
      // The seat lock keeps cancellations out, so the row that conflicted is still there.
      if (!existing)
        throw new AppError('conflict', 'This registration changed just now. Please try again.');
      if (existing.seatStatus === 'lapsed') {
        // An offer not taken in time ended that registration: this is a new one.
        await q.updateRegistration(tx, existing.id, {
          ...fresh,
          email: existing.email,
          userId: session?.user.id ?? null,
          manageTokenHash: hash,
          createdAt: now,
          updatedAt: now,
        });
        const again = await invoiced(await q.requeue(tx, existing.id));
        return { kind: 'created', row: again, token, offers, fits };
      }
      if (ownsRegistration(session, existing)) {
        if (existing.invoiceId && existing.guests !== sent.guests) {
          throw new AppError(
            'conflict',
            'A ticketed party’s size is changed by the chamber’s staff: the invoice is for this party.',
          );
        }
        if (holdsSeats(existing)) {
          const own = await seatsFor(tx, key, capacity, now, existing.id);
          if (!own.fits(sent.guests)) throw notEnoughSeats(own.left ?? 0);
        }
        const row = await q.updateRegistration(tx, existing.id, {
          ...sent,
          // The address as first registered stays: it is the key of the registration.
          email: existing.email,
          userId: existing.userId ?? session!.user.id,
          manageTokenHash: hash,
          updatedAt: now,
        });
        // A smaller party frees seats for the waiting list.
        const more = await settleSeats(tx, key, capacity, now);
        return { kind: 'updated', row, token, offers: [...offers, ...more], fits };
      }
      // The registrant's link in this mail replaces the one before; nothing else changes.
      const row = await q.updateRegistration(tx, existing.id, { manageTokenHash: hash });
      return { kind: 'unchanged', row, token, offers, fits };
    }
  }

  /** An event's registrations, for its organizer and staff: seats, waiting list, check-in. */
  async list(id: string, session: Session | null): Promise<RegistrationList> {
    const target = await resolveTarget(this.db, id);
    assertCanEdit(session, ownerRow(target));
    const { eventId, occurrenceKey } = registrationKey(target);
    const rows =
      target.kind === 'series' ? [] : await q.listRegistrations(this.db, eventId, occurrenceKey);
    const counts = countsOf(rows);
    const capacity = target.kind === 'series' ? null : shownRow(target).capacity;
    return {
      registrations: orderedAttendees(rows),
      attendeeCount: counts.people,
      registrationCount: counts.registrations,
      capacity,
      seatsLeft: seatsLeftOf(capacity, counts.people),
      waitlistCount: counts.waiting,
      checkedInCount: rows.reduce((sum, r) => sum + (r.checkedInAt ? r.guests : 0), 0),
    };
  }
}
