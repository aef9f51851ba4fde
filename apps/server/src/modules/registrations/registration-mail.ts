import { formatMoney } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Compose, MailDelivery } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import type { CheckInCodes } from '../check-in/index.js';
import { EventMail, type OrderMail, type SeriesDate } from './event-mail.js';
import * as oq from './order-queries.js';
import { issueManageToken, manageUrl } from './manage-links.js';
import { type EventSponsors, namesInProse } from './sponsor-port.js';
import {
  calendarQueries as q,
  ownerRow,
  type EventRow,
  isCancelled,
  occurrenceId,
  type RegistrationRow,
  resolveTarget,
  type SeriesMailParams,
  shownRow,
  type Target,
  targetIdOf,
  type TicketPaidMailParams,
} from '../calendars/index.js';
import type { Tickets } from '../tickets/index.js';

/** The outbox's kinds of mail this file composes. */
export { REGISTRATION_MAIL, TICKET_PAID_MAIL } from '../calendars/index.js';
export const SEAT_OFFER_MAIL = 'seat-offer';
/** The manage page's mails and the reminder (`manage.ts`, `reminders.ts` queue them). */
export const REGISTRATION_UPDATED_MAIL = 'registration-updated';
export const OFFER_TAKEN_MAIL = 'offer-taken';
export const REGISTRATION_CANCELLED_MAIL = 'registration-cancelled';
export const MANAGE_LINK_MAIL = 'manage-link';
export const EVENT_REMINDER_MAIL = 'event-reminder';

/** What a registration's outbox row holds: ids and strings, the rest is read again. */
export interface RegistrationMailParams {
  /** The id the party registered through (an event or an occurrence). */
  targetId: string;
  registrationId: string;
  /** What the registration did: a new one, the owner's update, or a repeat that changed nothing. */
  outcome: 'created' | 'updated' | 'unchanged';
  /** Its seats as saved: a registration whose seats changed since is mailed by that change. */
  seatStatus: string;
  /**
   * A waiting party's place in the queue when it joined (the one its answer gave) and its
   * turn then (`queuedAt`). The mail says that place while the party still waits with that
   * turn: counting the parties ahead again costs a read of each of them, and a rush of
   * thousands mailed one by one read the queue over and over (quadratic in its length).
   * A party put back at the end (after an offer it let lapse) is counted again.
   */
  place?: number | null;
  queuedAt?: number | null;
}

/** An offer of seats to a waiting party. */
export interface SeatOfferMailParams {
  targetId: string;
  registrationId: string;
}

/**
 * A mail about one registration, read again when composed: its owner's change through the
 * manage page, seats offered and taken, a new manage link asked for.
 */
export interface ManagedMailParams {
  registrationId: string;
}

/**
 * A registration cancelled through its manage page: the row is gone, so the row holds whom to
 * tell; the event is read again.
 */
export interface CancelledMailParams {
  targetId: string;
  name: string;
  email: string;
}

/** The reminder of one registration for the start it was due for (ISO). */
export interface ReminderMailParams {
  registrationId: string;
  startsAt: string;
}

/**
 * The event or occurrence a queued mail names, as it is when the mail is composed; null when
 * it was deleted meanwhile (its registrations with it, and its deletion mailed them).
 */
export async function targetStill(db: Database, id: string): Promise<Target | null> {
  return resolveTarget(db, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
}

/** A MailDelivery that keeps what it is asked to send: EventMail's messages, composed, not sent. */
export function captured(): { sink: MailDelivery; taken: () => Compose | null } {
  let compose: Compose | null = null;
  const sink = {
    send: async (c: Compose) => {
      compose = c;
      return { messageId: '' };
    },
  } as unknown as MailDelivery;
  return { sink, taken: () => compose };
}

/**
 * The registrant's mails of the outbox: each composed when its turn comes from the
 * registration as it is then, with a manage link issued then (the outbox holds no working
 * link: a leaked database holds none; links of earlier mails keep working), the check-in QR
 * code, the .ics and the ticket's line.
 */
export class RegistrationMail {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly codes: CheckInCodes,
    private readonly tickets: Tickets | null,
    private readonly sponsors: EventSponsors | null = null,
  ) {}

  /** 'Presented by …' of the event (a date's series) when it has live sponsors now. */
  private async presentedBy(target: Target): Promise<string | null> {
    const names = this.sponsors ? await this.sponsors.presentersOf(ownerRow(target).id) : [];
    return names.length > 0 ? `Presented by ${namesInProse(names)}.` : null;
  }

  /** Registers the composers with the outbox. */
  register(outbox: MailOutbox): void {
    outbox.register(q.REGISTRATION_MAIL, (p) =>
      this.registration(p as unknown as RegistrationMailParams),
    );
    outbox.register(SEAT_OFFER_MAIL, (p) => this.seatOffer(p as unknown as SeatOfferMailParams));
    outbox.register(q.SERIES_REGISTRATION_MAIL, (p) =>
      this.seriesRegistration(p as unknown as SeriesMailParams),
    );
    outbox.register(q.TICKET_PAID_MAIL, (p) =>
      this.ticketPaid(p as unknown as TicketPaidMailParams),
    );
    outbox.register(REGISTRATION_UPDATED_MAIL, (p) =>
      this.confirmed(p as unknown as ManagedMailParams, true),
    );
    outbox.register(OFFER_TAKEN_MAIL, (p) =>
      this.confirmed(p as unknown as ManagedMailParams, false),
    );
    outbox.register(REGISTRATION_CANCELLED_MAIL, (p) =>
      this.cancelled(p as unknown as CancelledMailParams),
    );
    outbox.register(MANAGE_LINK_MAIL, (p) => this.newLink(p as unknown as ManagedMailParams));
    outbox.register(EVENT_REMINDER_MAIL, (p) => this.reminder(p as unknown as ReminderMailParams));
  }

  private async target(id: string): Promise<Target | null> {
    const target = await targetStill(this.db, id);
    return target && target.kind !== 'series' ? target : null;
  }

  /** A fresh manage link for the registration; the earlier ones keep working. */
  private async freshLink(row: RegistrationRow): Promise<string> {
    const { token, hash } = issueManageToken();
    await q.updateRegistration(this.db, row.id, { manageTokenHash: hash });
    return manageUrl(this.config.publicUrl, token);
  }

  private async compose(write: (mail: EventMail) => Promise<unknown>): Promise<Compose | null> {
    const { sink, taken } = captured();
    await write(new EventMail(this.db, this.config, this.clock, sink));
    return taken();
  }

  async registration(p: RegistrationMailParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    if (!target) return null;
    const row = await q.findRegistration(this.db, p.registrationId);
    // Unpaid online tickets are confirmed by their payment; other changes send their own mail.
    if (!row || row.seatStatus !== p.seatStatus || row.seatStatus === 'held') return null;
    const link = await this.freshLink(row);
    if (p.outcome === 'unchanged') {
      return this.compose((mail) => mail.registrationAlreadyMade(target, row, link));
    }
    if (row.seatStatus === 'waitlisted') {
      const position =
        p.place != null && p.queuedAt === row.queuedAt
          ? p.place
          : ((await q.waitlistPosition(this.db, row)) ?? 1);
      return this.compose((mail) => mail.joinedWaitlist(target, row, position, link));
    }
    const ticket = this.tickets ? await this.tickets.stateOf(row, shownRow(target)) : null;
    const ticketLine =
      ticket?.status === 'unpaid'
        ? `Ticket: ${formatMoney(ticket.amountCents, ticket.currency)}, to be paid at the door (invoice ${ticket.invoiceNumber}).`
        : null;
    const checkInCode = await this.codes.issue(row.id);
    const order = await this.orderMail(row);
    const presentedBy = await this.presentedBy(target);
    return this.compose((mail) =>
      mail.registrationConfirmed(target, row, {
        updated: p.outcome === 'updated',
        manageUrl: link,
        checkInCode,
        ...(ticketLine ? { ticketLine } : {}),
        order,
        presentedBy,
      }),
    );
  }

  /** The tickets and attendees of an order, for its confirmation; null for a registration. */
  private async orderMail(row: RegistrationRow): Promise<OrderMail | null> {
    const lines = await oq.linesOf(this.db, [row.id]);
    if (lines.length === 0) return null;
    const attendees = await oq.attendeesOf(this.db, [row.id]);
    const names = new Map(lines.map((l) => [l.typeId, l.typeName]));
    return {
      lines: lines.map((l) => `${l.quantity} × ${l.typeName}`),
      attendees: attendees.map((a) => ({
        position: a.position,
        label: `${a.name ?? 'name to come'} (${names.get(a.typeId) ?? 'ticket'})`,
        code: a.qrToken,
      })),
    };
  }

  /**
   * A registration for every date of a series: one mail listing each date still registered
   * (or waiting), each with a fresh manage link, and the tickets' line. Unpaid online seats
   * are confirmed date by date once paid, so a series all held for payment gets no mail now.
   */
  async seriesRegistration(p: SeriesMailParams): Promise<Compose | null> {
    const seriesTarget = await resolveTarget(this.db, p.seriesId).catch(() => null);
    if (seriesTarget?.kind !== 'series') return null;
    const series = seriesTarget.row;
    const dates: SeriesDate[] = [];
    const rows: { row: RegistrationRow; date: EventRow }[] = [];
    for (const d of p.dates) {
      const row = await q.findRegistration(this.db, d.registrationId);
      if (!row) continue;
      const target = await this.target(targetIdOf(row));
      if (target?.kind !== 'occurrence') continue;
      const shown = shownRow(target);
      const eventId = occurrenceId(series.id, target.originalStart);
      if (d.already) {
        dates.push({ row: shown, eventId, status: 'already', position: null, manageUrl: null });
        continue;
      }
      const seated = row.seatStatus === 'confirmed' || row.seatStatus === 'held';
      const waiting = row.seatStatus === 'waitlisted' || row.seatStatus === 'offered';
      if (!seated && !waiting) continue;
      rows.push({ row, date: shown });
      dates.push({
        row: shown,
        eventId,
        status: seated ? 'seated' : 'waitlisted',
        position: waiting ? await q.waitlistPosition(this.db, row) : null,
        manageUrl: await this.freshLink(row),
      });
    }
    if (dates.length === 0) return null;
    const billed = rows.find((r) => r.row.id === p.invoiceRegistrationId);
    const ticket =
      billed && this.tickets ? await this.tickets.stateOf(billed.row, billed.date) : null;
    const invoice = ticket ? await this.tickets!.invoicesOf([billed!.row]) : null;
    const total = ticket ? (invoice?.get(ticket.invoiceId)?.totalCents ?? ticket.amountCents) : 0;
    const held = ticket?.payment === 'online' && ticket.status === 'unpaid';
    if (held && dates.every((d) => d.status === 'seated')) return null;
    const ticketLine =
      ticket && ticket.payment !== 'online'
        ? `Tickets: ${formatMoney(total, ticket.currency)}, to be paid at the door (invoice ${ticket.invoiceNumber}).`
        : held
          ? 'Seats on the dates marked registered are held for your payment; their confirmations follow it.'
          : undefined;
    const party = { name: p.name, email: p.email, guests: p.guests };
    return this.compose((mail) => mail.seriesRegistered(series, party, dates, { ticketLine }));
  }

  /**
   * A ticket paid online: the party's confirmation, with its manage link, check-in code and
   * the paid ticket's line. Nothing when the seats went meanwhile (cancelled, refunded).
   */
  async ticketPaid(p: TicketPaidMailParams): Promise<Compose | null> {
    const row = await q.findRegistration(this.db, p.registrationId);
    if (row?.seatStatus !== 'confirmed' || row.invoiceId !== p.invoiceId || !this.tickets) {
      return null;
    }
    const target = await this.target(targetIdOf(row));
    if (!target) return null;
    const ticketLine = await this.tickets.paidLine(row, p.invoiceId);
    if (!ticketLine) return null;
    const link = await this.freshLink(row);
    const checkInCode = await this.codes.issue(row.id);
    const order = await this.orderMail(row);
    const presentedBy = await this.presentedBy(target);
    return this.compose((mail) =>
      mail.registrationConfirmed(target, row, {
        updated: false,
        manageUrl: link,
        checkInCode,
        ticketLine,
        order,
        presentedBy,
      }),
    );
  }

  /** The registration of a row and its event or occurrence, or null when either is gone. */
  private async registrationOf(id: string) {
    const row = await q.findRegistration(this.db, id);
    const target = row ? await this.target(targetIdOf(row)) : null;
    return row && target ? { row, target } : null;
  }

  /**
   * The confirmation of a change made through the manage page (`updated`), or of seats
   * offered and taken there: with the check-in code, no manage link (the page's keeps
   * working). Nothing once the party holds no confirmed seats (cancelled, or offered seats
   * after shrinking: that offer is mailed on its own).
   */
  async confirmed(p: ManagedMailParams, updated: boolean): Promise<Compose | null> {
    const found = await this.registrationOf(p.registrationId);
    if (found?.row.seatStatus !== 'confirmed') return null;
    const { row, target } = found;
    const checkInCode = await this.codes.issue(row.id);
    const order = await this.orderMail(row);
    const presentedBy = await this.presentedBy(target);
    return this.compose((mail) =>
      mail.registrationConfirmed(target, row, {
        updated,
        checkInCode,
        order,
        presentedBy,
      }),
    );
  }

  /** A registration cancelled through its manage page: the event as it is now. */
  async cancelled(p: CancelledMailParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    if (!target) return null;
    return this.compose((mail) =>
      mail.registrationCancelled(target, { name: p.name, email: p.email }),
    );
  }

  /**
   * A new manage link the registrant asked for. The request stopped every earlier link; the
   * one issued here is the only one that works once this mail is composed (a mail composed
   * again after a failed send replaces the link of the first try), as the mail says.
   */
  async newLink(p: ManagedMailParams): Promise<Compose | null> {
    const found = await this.registrationOf(p.registrationId);
    if (!found) return null;
    const { token, hash } = issueManageToken();
    await this.db.transaction(async (tx) => {
      await q.updateRegistration(tx, found.row.id, { manageTokenHash: hash });
      // After the update: the hash it replaced was kept as an earlier link, and goes too.
      await q.forgetEarlierLinks(tx, found.row.id);
    });
    const link = manageUrl(this.config.publicUrl, token);
    return this.compose((mail) => mail.newManageLink(found.target, found.row, link));
  }

  /**
   * The reminder of an event or occurrence, with a fresh manage link, sent as automatic
   * mail. Nothing when the registration or the event went, the event was cancelled, or its
   * start moved or passed since the reminder was due (a moved start gets its own reminder).
   */
  async reminder(p: ReminderMailParams): Promise<Compose | null> {
    const found = await this.registrationOf(p.registrationId);
    if (!found) return null;
    const { row, target } = found;
    const shown = shownRow(target);
    const startsAt = shown.startTime.getTime();
    if (isCancelled(shown) || startsAt !== Date.parse(p.startsAt)) return null;
    if (startsAt <= this.clock.now().getTime()) return null;
    const link = await this.freshLink(row);
    return this.compose((mail) => mail.reminder(target, row, link));
  }

  async seatOffer(p: SeatOfferMailParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    if (!target) return null;
    const row = await q.findRegistration(this.db, p.registrationId);
    // Taken, lapsed or cancelled meanwhile: the offer is over.
    if (row?.seatStatus !== 'offered' || !row.holdUntil || row.holdUntil <= this.clock.now()) {
      return null;
    }
    const link = await this.freshLink(row);
    return this.compose((mail) => mail.seatsOffered(target, row, link));
  }
}
