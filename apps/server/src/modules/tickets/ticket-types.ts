import {
  dateTimeFormat,
  MAX_TICKET_TYPES,
  ticketPriceFor,
  type TicketType,
  type TicketTypeInput,
  type TicketTypeList,
} from '@chamber/contract';
import { type Database, type Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import {
  calendarQueries as q,
  type EventRow,
  isCancelled,
  registrationKey,
  resolveTarget,
  type Target,
  seatsLeftOf,
} from '../calendars/index.js';
import * as tq from './type-queries.js';
import { isMember, type Tickets } from './service.js';

type TypeRow = tq.TicketTypeRow;

/** What a type's row and the event's seats left make of it for one viewer, at `now`. */
export function viewOfType(
  row: TypeRow,
  event: EventRow,
  seatsLeft: number | null,
  member: boolean,
  now: Date,
): TicketType {
  const ownLeft = row.quantity === null ? null : Math.max(0, row.quantity - row.sold);
  const bySeats = seatsLeft === null ? null : Math.floor(seatsLeft / row.seatsPerTicket);
  const ticketsLeft =
    ownLeft === null ? bySeats : bySeats === null ? ownLeft : Math.min(ownLeft, bySeats);
  const when = (d: Date) =>
    dateTimeFormat('en-US', {
      timeZone: event.timezone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(d);
  let closedReason: TicketType['closedReason'] = null;
  let closedMessage: string | null = null;
  if (isCancelled(event) || event.startTime <= now) {
    closedReason = 'registration_closed';
    closedMessage = isCancelled(event)
      ? 'This event was cancelled.'
      : 'This event has already started.';
  } else if (row.salesOpenAt && row.salesOpenAt > now) {
    closedReason = 'not_yet_open';
    closedMessage = `On sale from ${when(row.salesOpenAt)}.`;
  } else if (row.salesCloseAt && row.salesCloseAt <= now) {
    closedReason = 'sale_ended';
    closedMessage = `Sales ended ${when(row.salesCloseAt)}.`;
  } else if (ticketsLeft === 0) {
    closedReason = 'sold_out';
    closedMessage = 'Sold out.';
  }
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    memberPriceCents: row.memberPriceCents,
    priceCents: row.priceCents,
    quantity: row.quantity,
    salesOpenAt: row.salesOpenAt?.toISOString() ?? null,
    salesCloseAt: row.salesCloseAt?.toISOString() ?? null,
    perOrderLimit: row.perOrderLimit,
    seatsPerTicket: row.seatsPerTicket,
    sortOrder: row.sortOrder,
    sold: row.sold,
    // The one price rule of tickets: a member pays the member price, anyone else the other.
    viewerPriceCents: ticketPriceFor(row, member),
    ticketsLeft,
    onSale: closedReason === null,
    closedReason,
    closedMessage,
  };
}

const typeNotFound = () => new AppError('not_found', 'Ticket type not found');

/**
 * An event's ticket types: the public list with each type's price for the viewer and what is
 * left, and staff adding, changing and removing them. A type with sales keeps them: it cannot
 * be removed, nor its quantity set below what is sold.
 */
export class TicketTypes {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly tickets: Tickets,
  ) {}

  /** The event's types as `viewer` sees them (none for a series or one of its dates). */
  async list(eventId: string, viewer: Session | null): Promise<TicketTypeList> {
    return this.listFor(await resolveTarget(this.db, eventId), viewer);
  }

  /** The types of an event its caller resolved already (a series' date sells none). */
  async listFor(target: Target, viewer: Session | null): Promise<TicketTypeList> {
    const currency = await this.tickets.currency();
    const member = isMember(viewer);
    if (target.kind !== 'single') {
      return { currency, viewerIsMember: member, seatsLeft: null, types: [] };
    }
    const now = this.clock.now();
    const event = target.row;
    const seatsLeft = await this.seatsLeft(this.db, event, now);
    const rows = await tq.typesOfEvent(this.db, event.id);
    return {
      currency,
      viewerIsMember: member,
      seatsLeft,
      types: rows.map((row) => viewOfType(row, event, seatsLeft, member, now)),
    };
  }

  async create(eventId: string, input: TicketTypeInput, viewer: Session): Promise<TicketType> {
    return this.db.transaction(async (tx) => {
      const event = await this.singleEvent(tx, eventId);
      this.checkFits(event, input);
      if ((await tq.countTypes(tx, event.id)) >= MAX_TICKET_TYPES) {
        throw new AppError(
          'conflict',
          `An event sells at most ${MAX_TICKET_TYPES} ticket types; remove one first.`,
        );
      }
      const row = await tq.insertType(tx, event.id, toColumns(input));
      return this.viewIn(tx, row, event, viewer);
    });
  }

  async update(
    eventId: string,
    typeId: string,
    input: TicketTypeInput,
    viewer: Session,
  ): Promise<TicketType> {
    return this.db.transaction(async (tx) => {
      const event = await this.singleEvent(tx, eventId);
      const current = await tq.lockType(tx, event.id, typeId);
      if (!current) throw typeNotFound();
      this.checkFits(event, input);
      if (input.quantity !== null && input.quantity < current.sold) {
        throw new AppError(
          'conflict',
          `The quantity cannot be lower than the ${current.sold} ${plural(current.sold, 'ticket')} of this type already sold.`,
        );
      }
      if (current.sold > 0 && input.seatsPerTicket !== current.seatsPerTicket) {
        throw new AppError(
          'conflict',
          'The seats per ticket of a type with sales cannot change: its buyers hold those seats. Add a new type instead.',
        );
      }
      const row = await tq.updateType(tx, typeId, toColumns(input), this.clock.now());
      return this.viewIn(tx, row, event, viewer);
    });
  }

  async remove(eventId: string, typeId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const event = await this.singleEvent(tx, eventId);
      const current = await tq.lockType(tx, event.id, typeId);
      if (!current) throw typeNotFound();
      if (current.sold > 0) {
        throw new AppError(
          'conflict',
          `This ticket type cannot be deleted: ${current.sold} ${plural(current.sold, 'ticket')} of it ${current.sold === 1 ? 'is' : 'are'} sold. Close its sale instead (set when sales close).`,
        );
      }
      await tq.deleteType(tx, typeId);
    });
  }

  /** The event, locked against a concurrent edit; ticket types are for single events. */
  private async singleEvent(tx: Executor, eventId: string): Promise<EventRow> {
    const target = await resolveTarget(tx, eventId, true);
    if (target.kind !== 'single') {
      throw new AppError(
        'bad_request',
        'Ticket types are for single events, not for a series or one of its dates.',
      );
    }
    return target.row;
  }

  /** A ticket that takes more seats than the event has could never be sold. */
  private checkFits(event: EventRow, input: TicketTypeInput) {
    if (event.capacity !== null && input.seatsPerTicket > event.capacity) {
      throw new AppError(
        'bad_request',
        `A ticket of ${input.seatsPerTicket} seats does not fit the event's capacity of ${event.capacity}.`,
      );
    }
  }

  private async viewIn(tx: Executor, row: TypeRow, event: EventRow, viewer: Session) {
    const now = this.clock.now();
    return viewOfType(row, event, await this.seatsLeft(tx, event, now), isMember(viewer), now);
  }

  private async seatsLeft(db: Executor, event: EventRow, now: Date): Promise<number | null> {
    if (event.capacity === null) return null;
    const taken = await q.seatsTaken(db, registrationKey({ kind: 'single', row: event }), now);
    return seatsLeftOf(event.capacity, taken);
  }
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

const toColumns = (input: TicketTypeInput): tq.TypeColumns => ({
  name: input.name,
  memberPriceCents: input.memberPriceCents,
  priceCents: input.priceCents,
  quantity: input.quantity,
  salesOpenAt: input.salesOpenAt === null ? null : new Date(input.salesOpenAt),
  salesCloseAt: input.salesCloseAt === null ? null : new Date(input.salesCloseAt),
  perOrderLimit: input.perOrderLimit,
  seatsPerTicket: input.seatsPerTicket,
  sortOrder: input.sortOrder,
});
