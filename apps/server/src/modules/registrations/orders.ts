import {
  type EventOrders,
  type OrderAttendee,
  type OrderDetails,
  type OrderItem,
  type OrderQuote,
  type PlacedOrder,
  type placeOrderSchema,
  type updateAttendeeSchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { BatchLine, type Outcome } from '../../lib/batch-line.js';
import { AppError } from '../../lib/errors.js';
import { type MailOutbox, queueMails } from '../../lib/mail/outbox.js';
import type { Throttle } from '../../lib/throttle.js';
import type { Session } from '../../plugins/auth.js';
import {
  calendarQueries as q,
  type EventRow,
  isCancelled,
  type RegistrationRow,
  resolveTarget,
  type SeatKey,
  toRegistration,
} from '../calendars/index.js';
import { redeem, type Redemption } from '../benefits/index.js';
import {
  type OrderDesk,
  type PricedOrder,
  priceOrder,
  typeQueries as tt,
  type Tickets,
  viewOfType,
} from '../tickets/index.js';
import { issueManageToken, manageUrl } from './manage-links.js';
import { pricedAlone, priceWithDiscounts } from './order-price.js';
import * as oq from './order-queries.js';
import { REGISTRATION_MAIL, type RegistrationMailParams } from './registration-mail.js';
import { answerMessage, closed, closedReason, queueOffers, throttleRegistration } from './rules.js';
import { settleAndCount } from './seats.js';
import { dateTimeFormat } from '@chamber/contract';

type PlaceBody = z.output<typeof placeOrderSchema>;
type AttendeeBody = z.output<typeof updateAttendeeSchema>;

/** At most this many orders go in one transaction. */
const ORDER_BATCH_LIMIT = 64;

/** An order waiting in its event's line, as it came (checked in its batch). */
interface LinedOrder {
  body: PlaceBody;
  viewer: Session | null;
  /** The hash of the manage link its answer carries. */
  hash: string;
  /** When it arrived: its rows' and mail's time. */
  now: Date;
}

/** An order in its batch, with the event read once for the batch. */
interface PendingOrder extends LinedOrder {
  event: EventRow;
}

/** An order stored, as its batch answers it. */
interface Placed {
  row: RegistrationRow;
  priced: PricedOrder;
  lines: oq.OrderLineRow[];
  attendees: oq.AttendeeRow[];
  /** Its place on the waiting list, or null when it is not waiting. */
  position: number | null;
}

/** What the line answers an order: stored, with its event and the chamber's currency. */
interface Answered extends Placed {
  event: EventRow;
  currency: string;
}

const attendeeNotFound = () => new AppError('not_found', 'Attendee not found');

const alreadyRegistered = () =>
  new AppError(
    'conflict',
    'This email address already has a registration for this event. Use the link in its email to see or change it, or order with another address.',
  );

/** What an order gets, decided under the seat lock before it is written. */
interface Decision {
  priced: PricedOrder;
  redemptions: Redemption[];
  /** It does not fit: it waits. */
  shortage: boolean;
  seatStatus: 'confirmed' | 'held' | 'waitlisted';
  holdUntil: Date | null;
}

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** An attendee row as the API shows it. */
export function toAttendee(row: oq.AttendeeRow, typeName: string): OrderAttendee {
  return {
    id: row.id,
    typeId: row.typeId,
    typeName,
    position: row.position,
    name: row.name,
    email: row.email,
    dietaryNote: row.dietaryNote,
    qrToken: row.qrToken,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

/** Whether the buyer may still change names: until the event starts (staff at any time). */
const namesOpen = (event: EventRow, now: Date) => !isCancelled(event) && event.startTime > now;

/** An order's lines and attendees as its buyer and staff see them. */
export function detailsOf(
  event: EventRow,
  lines: oq.OrderLineRow[],
  attendees: oq.AttendeeRow[],
  now: Date,
): OrderDetails {
  const names = new Map(lines.map((l) => [l.typeId, l.typeName]));
  return {
    lines: lines.map((l) => ({
      typeId: l.typeId,
      name: l.typeName,
      quantity: l.quantity,
      seats: l.quantity * l.seatsPerTicket,
      unitCents: l.unitCents,
      discountCents: l.discountCents,
      lineCents: l.lineCents,
    })),
    totalCents: lines.reduce((sum, l) => sum + l.lineCents, 0),
    attendees: attendees.map((a) => toAttendee(a, names.get(a.typeId) ?? '')),
    namesUntil: event.startTime.toISOString(),
    canEditNames: namesOpen(event, now),
  };
}

/** The order of a registration, or null when it is a registration without ticket types. */
export async function orderOf(
  db: Executor,
  row: RegistrationRow,
  event: EventRow,
  now: Date,
): Promise<OrderDetails | null> {
  const lines = await oq.linesOf(db, [row.id]);
  if (lines.length === 0) return null;
  return detailsOf(event, lines, await oq.attendeesOf(db, [row.id]), now);
}

/**
 * Issues the invoice of an order from its stored lines (a waiting order taking the tickets
 * offered it), when it has something to pay; answers whether it did.
 */
export async function invoiceStoredOrder(
  tx: Executor,
  tickets: Tickets,
  row: RegistrationRow,
  event: EventRow,
): Promise<boolean> {
  const lines = await oq.linesOf(tx, [row.id]);
  const paid = lines.filter((l) => l.lineCents > 0);
  if (paid.length === 0 || row.invoiceId) return false;
  await tickets.invoiceOrder(tx, {
    row,
    title: titleOfEvent(event),
    when: dayOfEvent(event),
    lines: paid.map((l) => ({
      name: l.typeName,
      quantity: l.quantity,
      unitCents: l.unitCents,
      lineCents: l.lineCents,
    })),
    contactId: null,
  });
  return true;
}

/** Whether a registration is an order (has lines). */
export async function isOrder(db: Executor, registrationId: string): Promise<boolean> {
  return (await oq.linesOf(db, [registrationId])).length > 0;
}

const titleOfEvent = (event: EventRow) => event.title.trim() || 'Untitled Event';
const dayOfEvent = (event: EventRow) =>
  dateTimeFormat('en-US', { timeZone: event.timezone, dateStyle: 'long' }).format(event.startTime);

/**
 * Orders of an event's ticket types. An order is one registration of as many seats as its
 * tickets take (so its manage link, mails, reminders, cancelling and counts are a
 * registration's), with a line per type and a row per attendee. It is priced by
 * `priceOrder` alone, and decided under the event's seat lock (the one every registration
 * takes) and the types' row locks: never more seats than the capacity, nor tickets of a type
 * than its quantity; arrival order kept on the waiting list.
 */
export class OrderService implements OrderDesk {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly tickets: Tickets,
    private readonly publicUrl: string,
  ) {
    this.line = new BatchLine(
      (eventId, orders) => this.placeBatch(eventId, orders),
      ORDER_BATCH_LIMIT,
    );
  }

  /** New orders for one event, lined up by the id they were sent to and placed in batches. */
  private readonly line: BatchLine<LinedOrder, Answered>;

  /** The event of an order: a single event that sells ticket types and is still to come. */
  private async eventOf(eventId: string): Promise<EventRow> {
    const target = await resolveTarget(this.db, eventId);
    if (target.kind !== 'single') {
      throw new AppError('bad_request', 'Ticket types are sold for single events only.');
    }
    return target.row;
  }

  /** Refuses, with the reason, items a form should not have sent (before any lock). */
  private checkItems(event: EventRow, types: tt.TicketTypeRow[], items: OrderItem[], now: Date) {
    if (types.length === 0) {
      throw new AppError(
        'bad_request',
        'This event sells no ticket types: register for it instead.',
      );
    }
    const reason = closedReason(event, now);
    if (reason) throw closed(reason);
    const byId = new Map(types.map((t) => [t.id, t]));
    for (const item of items) {
      const type = byId.get(item.typeId);
      if (!type) {
        throw new AppError(
          'bad_request',
          'A ticket type of this order is not sold for this event.',
        );
      }
      const view = viewOfType(type, event, null, false, now);
      if (view.closedReason === 'not_yet_open' || view.closedReason === 'sale_ended') {
        throw new AppError('bad_request', `“${type.name}” is not on sale. ${view.closedMessage}`);
      }
      if (item.quantity > type.perOrderLimit) {
        throw new AppError(
          'bad_request',
          `An order takes at most ${type.perOrderLimit} ${plural(type.perOrderLimit, 'ticket')} of “${type.name}”.`,
        );
      }
    }
  }

  async quote(
    eventId: string,
    items: OrderItem[],
    viewer: Session | null,
    promoCode?: string,
  ): Promise<OrderQuote> {
    const event = await this.eventOf(eventId);
    const now = this.clock.now();
    const types = await tt.typesOfEvent(this.db, event.id);
    this.checkItems(event, types, items, now);
    const { priced } = await priceWithDiscounts(
      this.db,
      event,
      types,
      items,
      viewer,
      promoCode,
      now,
    );
    return { ...priced, currency: await this.tickets.currency() };
  }

  async place(
    eventId: string,
    body: PlaceBody,
    viewer: Session | null,
    ip: string,
  ): Promise<PlacedOrder> {
    await throttleRegistration(this.throttle, body.buyer.email, ip);
    const now = this.clock.now();
    const { token, hash } = issueManageToken();
    // The event, its types, the checks and the place on the waiting list are read once for
    // the batch the order goes in, not once per order.
    const { event, currency, row, priced, lines, attendees, position } = await this.line.take(
      eventId,
      { body, viewer, hash, now },
    );
    this.outbox.wake();

    const returnPath = `/events/${encodeURIComponent(event.id)}`;
    const ticket = await this.tickets.stateOf(row, event, { checkout: true, returnPath });
    const registration = toRegistration(row, event.id, position);
    return {
      ...detailsOf(event, lines, attendees, now),
      status:
        row.seatStatus === 'waitlisted'
          ? 'waitlisted'
          : row.seatStatus === 'held'
            ? 'awaiting_payment'
            : 'confirmed',
      registration,
      currency,
      manageUrl: manageUrl(this.publicUrl, token),
      ticket,
      totalCents: priced.totalCents,
      message: answerMessage(registration, ticket),
    };
  }

  /**
   * A batch of the event's orders, in their order of arrival, in one transaction under the
   * seat lock; each order in a savepoint of its own, so that one refused (a sold-out type
   * without the waiting list, a code used up) is rolled back alone. If the transaction fails
   * as a whole, the line sends each order again alone, with its own answer. An event that
   * sells no tickets (unknown, a series) refuses every order of the batch.
   */
  private async placeBatch(eventId: string, lined: LinedOrder[]): Promise<Outcome<Answered>[]> {
    let event: EventRow;
    let currency: string;
    try {
      event = await this.eventOf(eventId);
      currency = await this.tickets.currency();
    } catch (error) {
      return lined.map(() => ({ ok: false, error }));
    }
    const orders = lined.map((order) => ({ ...order, event }));
    const outcomes = await this.db.transaction((tx) => this.placeAll(tx, orders));
    return outcomes.map((outcome) =>
      outcome.ok ? { ok: true, value: { ...outcome.value, event, currency } } : outcome,
    );
  }

  private async placeAll(tx: Executor, orders: PendingOrder[]): Promise<Outcome<Placed>[]> {
    const { event } = orders[0]!;
    const now = this.clock.now();
    const key = { eventId: event.id, occurrenceKey: '' };
    // The seat lock of every registration of the event first, then the types' rows.
    await q.lockSeats(tx, key);
    const settled = await settleAndCount(tx, key, event.capacity, now);
    const { types } = settled;
    const soldBefore = new Map(types.map((t) => [t.id, t.sold]));
    const seats = { taken: settled.taken };
    // The addresses that have a registration already (an order's buyer has one at most).
    const registered = await oq.emailsRegistered(
      tx,
      event.id,
      orders.map((o) => o.body.buyer.email),
    );
    const outcomes: Outcome<Placed>[] = new Array<Outcome<Placed>>(orders.length);
    /** Orders decided without the database (no code, no plan to apply), not yet written. */
    let decided: { index: number; order: PendingOrder; decision: Decision }[] = [];
    const writeDecided = async () => {
      if (decided.length === 0) return;
      const batch = decided;
      decided = [];
      const placed = await this.writeAll(tx, batch, types, now);
      batch.forEach((d, i) => (outcomes[d.index] = placed[i]!));
    };
    for (const [index, order] of orders.entries()) {
      const { body, viewer } = order;
      const email = body.buyer.email.toLowerCase();
      const alone = pricedAlone(viewer, body.promoCode);
      // A code or a plan reads and records uses: the orders before it are written first (a
      // failure there fails the transaction, and the line sends each order again alone).
      if (!alone) await writeDecided();
      try {
        this.checkItems(event, types, body.items, order.now);
        if (registered.has(email)) throw alreadyRegistered();
        if (alone) {
          const priced = priceOrder(types, body.items, viewer);
          const decision = this.decide(order, types, event.capacity, seats.taken, {
            priced,
            redemptions: [],
          });
          registered.add(email);
          this.count(decision, types, seats);
          decided.push({ index, order, decision });
          continue;
        }
        // In a savepoint of its own, so that a refusal is rolled back alone.
        const placed = await tx.transaction(async (sp) => {
          const discounted = await priceWithDiscounts(
            sp,
            event,
            types,
            body.items,
            viewer,
            body.promoCode,
            order.now,
          );
          const decision = this.decide(order, types, event.capacity, seats.taken, discounted);
          const [one] = await this.writeAll(sp, [{ order, decision }], types, now);
          if (!one!.ok) throw one!.error;
          return { placed: one!.value, decision };
        });
        registered.add(email);
        this.count(placed.decision, types, seats);
        outcomes[index] = { ok: true, value: placed.placed };
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    await writeDecided();
    await this.placeInQueue(tx, key, outcomes);
    await this.queueConfirmations(tx, outcomes, now);
    for (const type of types) {
      if (type.sold !== soldBefore.get(type.id)) await tt.setSold(tx, type.id, type.sold);
    }
    await queueOffers(tx, now, settled.offers);
    return outcomes;
  }

  /**
   * The places of the batch's waiting orders, at the end of the queue in their turns: under
   * the seat lock only this batch queues parties for the occurrence, so the counter's waiting
   * parties are the ones ahead and the batch's own (counting those ahead instead read each of
   * them, thousands under a rush, in every batch).
   */
  private async placeInQueue(tx: Executor, key: SeatKey, outcomes: Outcome<Placed>[]) {
    const waiting = outcomes
      .flatMap((o) => (o.ok && o.value.row.seatStatus === 'waitlisted' ? [o.value] : []))
      .sort((a, b) => a.row.queuedAt - b.row.queuedAt);
    if (waiting.length === 0) return;
    const first = (await q.waitingCount(tx, key)) - waiting.length + 1;
    waiting.forEach((placed, i) => (placed.position = first + i));
  }

  /**
   * The buyers' confirmations, in the batch's transaction, with the places the waiting ones
   * were given. Seats held for an online payment are confirmed by the payment's mail.
   */
  private async queueConfirmations(tx: Executor, outcomes: Outcome<Placed>[], now: Date) {
    await queueMails(
      tx,
      now,
      REGISTRATION_MAIL,
      outcomes
        .flatMap((o) => (o.ok && o.value.row.seatStatus !== 'held' ? [o.value] : []))
        .map(({ row, position }) => {
          const params: RegistrationMailParams = {
            targetId: row.eventId,
            registrationId: row.id,
            outcome: 'created',
            seatStatus: row.seatStatus,
            place: position,
            queuedAt: row.queuedAt,
          };
          return { ...params };
        }),
    );
  }

  /** An order that took seats: counted on its types' rows (written below, under their locks). */
  private count(decision: Decision, types: tt.TicketTypeRow[], seats: { taken: number }) {
    if (decision.shortage) return;
    seats.taken += decision.priced.seats;
    for (const line of decision.priced.lines) {
      types.find((t) => t.id === line.typeId)!.sold += line.quantity;
    }
  }

  /**
   * Whether an order, priced, is seated, held for an online payment or waits; refuses it (with
   * the reason) when its names do not fit or it does not fit and would not wait. `taken`: the
   * seats as the orders before it left them.
   */
  private decide(
    order: PendingOrder,
    types: tt.TicketTypeRow[],
    capacity: number | null,
    taken: number,
    { priced, redemptions }: { priced: PricedOrder; redemptions: Redemption[] },
  ): Decision {
    const { event, body } = order;
    this.checkAttendees(priced, body);
    const shortage = this.shortage(types, priced, capacity, taken);
    if (shortage && !body.joinWaitingList) {
      throw new AppError(
        'conflict',
        `${shortage} Nothing was ordered; order fewer tickets, or join the waiting list.`,
      );
    }
    const online =
      !shortage && priced.totalCents > 0 && this.tickets.paymentFor(event) === 'online';
    return {
      priced,
      redemptions,
      shortage: shortage !== null,
      seatStatus: shortage ? 'waitlisted' : online ? 'held' : 'confirmed',
      holdUntil: online ? this.tickets.holdUntil(order.now) : null,
    };
  }

  /**
   * Writes decided orders, in their order, a statement per table for them all: their
   * registrations, lines, attendees, the uses of codes and benefits, the invoices of those
   * with something to pay now, and their mails. An order whose address turns out to have a
   * registration already is refused; if it was one of several, the batch is sent again order
   * by order (the others were decided counting its seats).
   */
  private async writeAll(
    tx: Executor,
    batch: { order: PendingOrder; decision: Decision }[],
    types: tt.TicketTypeRow[],
    now: Date,
  ): Promise<Outcome<Placed>[]> {
    const inserted = await q.insertRegistrations(
      tx,
      batch.map(({ order: { event, body, viewer, hash, now: at }, decision }) => ({
        eventId: event.id,
        occurrenceKey: '',
        name: body.buyer.name,
        email: body.buyer.email,
        phone: body.buyer.phone,
        guests: decision.priced.seats,
        notes: null,
        userId: viewer?.user.id ?? null,
        manageTokenHash: hash,
        seatStatus: decision.seatStatus,
        holdUntil: decision.holdUntil,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const byHash = new Map(inserted.map((r) => [r.manageTokenHash, r]));
    if (byHash.size < batch.length) {
      if (batch.length > 1) throw new Error('An order of the batch was registered meanwhile.');
      return [{ ok: false, error: alreadyRegistered() }];
    }
    const stored = batch.map((b) => ({ ...b, row: byHash.get(b.order.hash)! }));
    const lines = await oq.insertLines(
      tx,
      stored.flatMap(({ row, decision }) =>
        decision.priced.lines.map((l) => ({
          registrationId: row.id,
          typeId: l.typeId,
          typeName: l.name,
          quantity: l.quantity,
          seatsPerTicket: types.find((t) => t.id === l.typeId)!.seatsPerTicket,
          unitCents: l.unitCents,
          discountCents: l.discountCents,
          lineCents: l.lineCents,
        })),
      ),
    );
    const attendees = await oq.insertAttendees(
      tx,
      stored.flatMap(({ row, order, decision }) =>
        this.attendeeRows(row.id, decision.priced, order.body),
      ),
    );
    const placed: Placed[] = [];
    for (const { row: inserted, order, decision } of stored) {
      const { event, viewer } = order;
      // The code's use and the benefits' are counted with the order, or the order rolls back.
      if (decision.redemptions.length > 0) {
        await redeem(tx, {
          registrationId: inserted.id,
          redemptions: decision.redemptions,
          at: now,
        });
      }
      let row = inserted;
      if (!decision.shortage && decision.priced.totalCents > 0) {
        await this.tickets.invoiceOrder(tx, {
          row,
          title: titleOfEvent(event),
          when: dayOfEvent(event),
          lines: decision.priced.lines.filter((l) => l.lineCents > 0),
          contactId: viewer?.contact?.id ?? null,
        });
        row = (await q.findRegistration(tx, row.id))!;
      }
      placed.push({
        row,
        priced: decision.priced,
        lines: lines.filter((l) => l.registrationId === row.id),
        attendees: attendees.filter((a) => a.registrationId === row.id),
        position: null,
      });
    }
    return placed.map((value) => ({ ok: true, value }));
  }

  /** Named attendees must be of the order's types, at most the seats bought of each. */
  private checkAttendees(priced: PricedOrder, body: PlaceBody) {
    for (const line of priced.lines) {
      const named = body.attendees.filter((a) => a.typeId === line.typeId).length;
      if (named > line.seats) {
        throw new AppError(
          'bad_request',
          `${named} attendees are named for “${line.name}”, which seats ${line.seats}.`,
        );
      }
    }
    if (body.attendees.some((a) => !priced.lines.some((l) => l.typeId === a.typeId))) {
      throw new AppError('bad_request', 'An attendee is named for a ticket type not in the order.');
    }
  }

  /** One attendee row per seat, the names given filling each type's seats in order. */
  private attendeeRows(registrationId: string, priced: PricedOrder, body: PlaceBody) {
    const rows: Parameters<typeof oq.insertAttendees>[1] = [];
    let position = 0;
    for (const line of priced.lines) {
      const named = body.attendees.filter((a) => a.typeId === line.typeId);
      for (let i = 0; i < line.seats; i++) {
        const given = named[i];
        position += 1;
        rows.push({
          registrationId,
          typeId: line.typeId,
          position,
          name: given?.name ?? null,
          email: given?.email ?? null,
          dietaryNote: given?.dietaryNote ?? null,
          qrToken: randomToken(18),
        });
      }
    }
    return rows;
  }

  /** What the order wants that is not left, in a sentence; null when it fits. */
  private shortage(
    types: tt.TicketTypeRow[],
    priced: PricedOrder,
    capacity: number | null,
    taken: number,
  ): string | null {
    for (const line of priced.lines) {
      const type = types.find((t) => t.id === line.typeId)!;
      if (type.quantity === null) continue;
      const left = Math.max(0, type.quantity - type.sold);
      if (line.quantity > left) {
        return left === 0
          ? `“${type.name}” is sold out.`
          : `Only ${left} ${plural(left, 'ticket')} of “${type.name}” ${left === 1 ? 'is' : 'are'} left.`;
      }
    }
    if (capacity !== null) {
      const left = Math.max(0, capacity - taken);
      if (priced.seats > left) {
        return left === 0
          ? 'There are no seats left at this event.'
          : `Not enough seats left: this order takes ${priced.seats} seats and ${left} ${left === 1 ? 'is' : 'are'} left.`;
      }
    }
    return null;
  }

  /** The event's orders with their attendees, for staff. */
  async ordersOf(eventId: string): Promise<EventOrders> {
    const event = await this.eventOf(eventId);
    const now = this.clock.now();
    const rows = await oq.orderRegistrations(this.db, event.id);
    const ids = rows.map((r) => r.id);
    const lines = await oq.linesOf(this.db, ids);
    const attendees = await oq.attendeesOf(this.db, ids);
    return {
      orders: rows.map((r) => ({
        ...detailsOf(
          event,
          lines.filter((l) => l.registrationId === r.id),
          attendees.filter((a) => a.registrationId === r.id),
          now,
        ),
        registrationId: r.id,
        buyerName: r.name,
        buyerEmail: r.email,
        seatStatus: r.seatStatus,
      })),
    };
  }

  /** Staff change an attendee's details, at any time. */
  async updateAttendee(
    eventId: string,
    attendeeId: string,
    details: AttendeeBody,
  ): Promise<OrderAttendee> {
    const event = await this.eventOf(eventId);
    return this.db.transaction(async (tx) => {
      const found = await oq.lockAttendee(tx, attendeeId);
      if (!found || found.eventId !== event.id) throw attendeeNotFound();
      return this.saveAttendee(tx, found.attendee, details);
    });
  }

  /**
   * The buyer changes an attendee of their own order (`registration`, which its manage link
   * proved), until the event starts.
   */
  async updateOwnAttendee(
    registration: RegistrationRow,
    attendeeId: string,
    details: AttendeeBody,
  ): Promise<OrderAttendee> {
    const target = await resolveTarget(this.db, registration.eventId);
    if (target.kind !== 'single') throw attendeeNotFound();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const found = await oq.lockAttendee(tx, attendeeId);
      if (!found || found.attendee.registrationId !== registration.id) throw attendeeNotFound();
      if (!namesOpen(target.row, now)) {
        throw new AppError(
          'bad_request',
          'Names can be changed until the event starts; please ask the chamber’s staff.',
        );
      }
      return this.saveAttendee(tx, found.attendee, details);
    });
  }

  private async saveAttendee(tx: Executor, attendee: oq.AttendeeRow, details: AttendeeBody) {
    const row = await oq.updateAttendee(
      tx,
      attendee.id,
      { name: details.name, email: details.email, dietaryNote: details.dietaryNote },
      this.clock.now(),
    );
    const [line] = (await oq.linesOf(tx, [attendee.registrationId])).filter(
      (l) => l.typeId === row.typeId,
    );
    return toAttendee(row, line?.typeName ?? '');
  }
}
