import {
  dateTimeFormat,
  MAX_EVENT_WINDOW_DAYS,
  MAX_EVENTS_PER_WINDOW,
  type RegisterForEvent,
  type registerForEventSchema,
  type SeriesRegistrationResult,
  ticketMessages,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';
import type { Session } from '../../plugins/auth.js';
import { queueMail, type MailOutbox } from '../../lib/mail/outbox.js';
import { issueManageToken } from './manage-links.js';
import {
  calendarQueries as q,
  compactUtc,
  type EventRow,
  occurrenceId,
  recurrenceOf,
  type RegistrationRow,
  resolveTarget,
  SERIES_REGISTRATION_MAIL,
  type SeriesMailParams,
  type Target,
} from '../calendars/index.js';
import { closedReason, queueOffers, throttleRegistration } from './rules.js';
import { type Offer, seatsFor, settleSeats } from './seats.js';
import { isMember, type Tickets } from '../tickets/index.js';

type RegistrationBody = z.output<typeof registerForEventSchema>;
const DAY = 86_400_000;

/** One upcoming date of the series: its seat key and what it shows. */
interface Upcoming {
  target: Extract<Target, { kind: 'occurrence' }>;
  key: q.SeatKey;
  row: EventRow;
}

/** What one date came to inside the transaction. */
interface Outcome extends Upcoming {
  registration: RegistrationRow;
  /** The address had registered for this date already: nothing changed there. */
  already: boolean;
  /** What a new party gets on this date: seats, or the waiting list. */
  seated: boolean;
  token: string | null;
  offers: Offer[];
}

const dayOf = (row: EventRow) =>
  dateTimeFormat('en-US', { timeZone: row.timezone, dateStyle: 'long' }).format(row.startTime);

/**
 * Registering one party for every upcoming date of a series in one request. Each date is
 * seated or waitlisted by its own capacity with the same seat rules as a single registration,
 * all in one transaction that takes the dates' seat locks in date order (every other path
 * holds at most one seat lock, so there is no deadlock). One mail lists the dates; a priced
 * series gets one invoice with a line per seated date.
 */
export class SeriesRegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly tickets: Tickets | null = null,
  ) {}

  /**
   * The upcoming dates of the series an id names (the series or any of its occurrences):
   * those starting within the calendar's longest window, not cancelled, at most as many as a
   * calendar answer lists.
   */
  async upcoming(id: string): Promise<Upcoming[]> {
    const target = await resolveTarget(this.db, id);
    if (target.kind === 'single') {
      throw new AppError('bad_request', 'This event is not part of a series: register for it.');
    }
    const series = target.kind === 'series' ? target.row : target.series;
    const now = this.clock.now();
    const to = new Date(now.getTime() + MAX_EVENT_WINDOW_DAYS * DAY);
    const recurrence = recurrenceOf(series);
    const starts = recurrence.between(now, to, MAX_EVENTS_PER_WINDOW);
    const overrides = await q.overridesFor(this.db, [series.id], starts, now, to);
    const byStart = new Map(overrides.map((o) => [o.originalStart!.getTime(), o]));
    const dates: Upcoming[] = [];
    for (const start of starts) {
      const override = byStart.get(start.getTime()) ?? null;
      const row = override ?? { ...series, startTime: start, endTime: recurrence.endOf(start) };
      if (closedReason(row, now)) continue;
      dates.push({
        target: { kind: 'occurrence', series, override, originalStart: start },
        key: { eventId: series.id, occurrenceKey: compactUtc(start) },
        row,
      });
    }
    // Seat locks are taken in this order.
    return dates.sort((a, b) => a.key.occurrenceKey.localeCompare(b.key.occurrenceKey));
  }

  async register(
    id: string,
    body: RegistrationBody | RegisterForEvent,
    session: Session | null,
    ip: string,
  ): Promise<{ result: SeriesRegistrationResult }> {
    const dates = await this.upcoming(id);
    if (dates.length === 0) {
      throw new AppError(
        'bad_request',
        'Registration is closed: this series has no upcoming dates.',
      );
    }
    await throttleRegistration(this.throttle, body.email, ip);
    const now = this.clock.now();
    const sent = {
      name: body.name.trim(),
      email: body.email.trim(),
      phone: body.phone?.trim() || null,
      guests: Number(body.numberOfGuests ?? 1),
      notes: body.notes?.trim() || null,
    };
    const series = dates[0]!.target.series;
    const terms = this.tickets?.termsFor(series, isMember(session)) ?? null;
    const online = terms?.payment === 'online';

    const { outcomes, invoiceRow, positions } = await this.db.transaction(async (tx) => {
      const outcomes: Outcome[] = [];
      for (const date of dates) {
        const { key, row } = date;
        await q.lockSeats(tx, key);
        const offers = await settleSeats(tx, key, row.capacity, now);
        const seated = (await seatsFor(tx, key, row.capacity, now)).fits(sent.guests);
        const { token, hash } = issueManageToken();
        const fresh = {
          ...sent,
          seatStatus: !seated ? 'waitlisted' : online ? 'held' : 'confirmed',
          holdUntil: seated && online ? this.tickets!.holdUntil(now) : null,
          checkedInAt: null,
          invoiceId: null,
          manageTokenHash: hash,
          userId: session?.user.id ?? null,
          createdAt: now,
          updatedAt: now,
        };
        const created = await q.insertRegistration(tx, { ...key, ...fresh });
        if (created) {
          outcomes.push({ ...date, registration: created, already: false, seated, token, offers });
          continue;
        }
        const existing = await q.lockRegistrationOf(tx, { ...key, email: sent.email });
        if (existing?.seatStatus === 'lapsed') {
          // An offer not taken in time ended that registration: this is a new one.
          await q.updateRegistration(tx, existing.id, { ...fresh, email: existing.email });
          const again = await q.requeue(tx, existing.id);
          outcomes.push({ ...date, registration: again, already: false, seated, token, offers });
        } else if (existing) {
          // Changed only through that date's own manage link, as a repeat of one date is.
          outcomes.push({
            ...date,
            registration: existing,
            already: true,
            seated,
            token: null,
            offers,
          });
        } else {
          throw new AppError('conflict', 'This registration changed just now. Please try again.');
        }
      }
      const paid = outcomes.filter((o) => !o.already && o.seated);
      const invoice =
        terms && paid.length > 0
          ? await this.tickets!.invoiceFor(tx, {
              rows: paid.map((o) => ({
                row: o.registration,
                title: o.row.title.trim() || 'Untitled Event',
                when: dayOf(o.row),
              })),
              terms,
              session,
              eventId: series.id,
            })
          : null;
      for (const o of outcomes) {
        if (o.already) continue;
        o.registration = (await q.findRegistration(tx, o.registration.id))!;
      }
      const positions = new Map<string, number | null>();
      for (const o of outcomes) {
        positions.set(o.registration.id, await q.waitlistPosition(tx, o.registration));
      }
      const invoiceRow = invoice ? (paid[0]?.registration ?? null) : null;
      // One mail listing the dates, and each offer of seats the settling made, written with
      // the registrations: composed later from them as they are then, each date with a fresh
      // link (the tokens issued here are not kept).
      const params: SeriesMailParams = {
        seriesId: series.id,
        name: sent.name,
        email: sent.email,
        guests: sent.guests,
        dates: outcomes.map((o) => ({ registrationId: o.registration.id, already: o.already })),
        invoiceRegistrationId: invoiceRow?.id ?? null,
      };
      await queueMail(tx, now, SERIES_REGISTRATION_MAIL, { ...params });
      for (const o of outcomes) await queueOffers(tx, now, o.offers);
      return { outcomes, invoiceRow, positions };
    });

    const shown = outcomes.map((o) => ({
      eventId: occurrenceId(series.id, o.target.originalStart),
      position: positions.get(o.registration.id) ?? null,
    }));
    const ticket =
      invoiceRow && this.tickets
        ? await this.tickets.stateOf(invoiceRow, dates[0]!.row, {
            checkout: true,
            returnPath: `/events/${encodeURIComponent(shown[0]!.eventId)}`,
          })
        : null;
    const invoice = ticket ? await this.tickets!.invoicesOf([invoiceRow!]) : null;
    const total = ticket ? (invoice?.get(ticket.invoiceId)?.totalCents ?? ticket.amountCents) : 0;
    const whole = ticket ? { ...ticket, amountCents: total } : null;
    // The mail listing the dates was written with them; this process's workers take it now.
    this.outbox.wake();

    const seatedCount = outcomes.filter((o) => o.seated).length;
    const waitlistedCount = outcomes.length - seatedCount;
    return {
      result: {
        // A date the address had registered for answers what a new party would get there,
        // as a repeat of one date does: the answer tells nobody who had registered.
        dates: outcomes.map((o, i) => ({
          eventId: shown[i]!.eventId,
          startTime: o.row.startTime.toISOString(),
          seatStatus: !o.seated ? 'waitlisted' : online ? 'held' : 'confirmed',
          waitlistPosition: o.seated ? null : (shown[i]!.position ?? null),
        })),
        seatedCount,
        waitlistedCount,
        ticket: whole,
        message: whole?.checkoutUrl
          ? `${ticketMessages.heldSeats} ${ticketMessages.paidOnline}`
          : whole?.status === 'unpaid'
            ? `${ticketMessages.payAtDoor} We've sent a confirmation to your email.`
            : waitlistedCount > 0
              ? `You're registered for ${seatedCount} of ${outcomes.length} dates and on the waiting list for the others; we've sent the details to your email.`
              : "We've sent a confirmation to your email.",
      },
    };
  }
}
