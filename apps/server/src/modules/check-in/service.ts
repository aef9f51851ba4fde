import {
  type CheckInCounts,
  type CheckInList,
  checkInListSchema,
  type CheckInParty,
  type checkInRequestSchema,
  type CheckInResult,
  dateTimeFormat,
  type doorPaymentRequestSchema,
  type walkInSchema,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { asText, type TextCell, writeCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { JsonBody } from '../../lib/json-body.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import type { Session } from '../../plugins/auth.js';
import {
  assertCanEdit,
  calendarQueries as q,
  compactUtc,
  type EventRow,
  holdsSeats,
  orderedAttendees,
  ownerRow,
  parseCompactUtc,
  registrationKey,
  type RegistrationRow,
  resolveTarget,
  shownRow,
  type Target,
  viewOfTarget,
} from '../calendars/index.js';
import type { CheckInCodes } from './codes.js';
import { type TicketInvoice, type Tickets, ticketStatusOf } from '../tickets/index.js';

const notATicket = () =>
  new AppError('invalid_token', 'This code is not a ticket of this portal. Check in by name.');
const otherEvent = () =>
  new AppError(
    'conflict',
    'This ticket is for another event (or another date of this series). Check the event on the ticket.',
  );

const seriesHasNoDoor = () =>
  new AppError('bad_request', 'Choose a date of this series to check guests in.');

type Ticketing = { invoices: Map<string, TicketInvoice>; payment: 'online' | 'door' };

function toParty(r: RegistrationRow, ticketing?: Ticketing): CheckInParty {
  const invoice = r.invoiceId ? ticketing?.invoices.get(r.invoiceId) : undefined;
  return {
    ticket:
      invoice && ticketing
        ? {
            amountCents: invoice.shares[r.id] ?? invoice.totalCents,
            currency: invoice.currency,
            status: ticketStatusOf(invoice),
            payment: invoice.payment?.online ? 'online' : ticketing.payment,
          }
        : null,
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    guests: r.guests,
    walkIn: r.walkIn,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
  };
}

function countsOf(rows: RegistrationRow[]): CheckInCounts {
  const registered = rows.reduce((sum, r) => sum + r.guests, 0);
  const checkedIn = rows.reduce((sum, r) => sum + (r.checkedInAt ? r.guests : 0), 0);
  return { registered, checkedIn, noShows: registered - checkedIn };
}

/** One door's list as kept between requests (see `CheckInService.list`). */
interface KeptDoor {
  /** Whose event it is: each request checks its viewer against it. */
  owner: EventRow;
  /** Null for a whole series, which has no door. */
  target: Target | null;
  rows: RegistrationRow[];
  /** The answer serialized once, when no party has a ticket (whose invoice may change). */
  body: JsonBody | null;
}

/**
 * The door: the event's organizer and staff check parties in by their QR code or by name,
 * add walk-ins, and see the counts; they also export the registrations as CSV.
 */
export class CheckInService {
  /**
   * Check-in lists, each kept until the data version moves (any registration or event
   * written, in any process): staff phones at the door ask for the list again and again,
   * and a 500-seat event's list is 90 kB of JSON to build, serialize and compress.
   */
  private readonly doors = new VersionedCache<KeptDoor>({
    maxEntries: 100,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (door) => door.body?.size ?? door.rows.length * 512,
  });

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly codes: CheckInCodes,
    private readonly tickets: Tickets | null = null,
  ) {}

  /** The ticket invoices of these parties, and how the event's tickets are paid. */
  private async ticketing(target: Target, rows: RegistrationRow[]): Promise<Ticketing> {
    const row = shownRow(target);
    return {
      invoices: this.tickets ? await this.tickets.invoicesOf(rows) : new Map(),
      payment: row.ticketPayment === 'door' ? 'door' : 'online',
    };
  }

  /**
   * Records a ticket paid at the door (staff only): the party's invoice is paid through
   * billing, which mails the receipt.
   */
  async doorPayment(
    id: string,
    body: z.output<typeof doorPaymentRequestSchema>,
    session: Session | null,
  ): Promise<CheckInResult> {
    const target = await this.door(id, session);
    if (!this.tickets) throw new AppError('conflict', 'This portal does not sell tickets.');
    const row = await this.tickets.recordDoorPayment(target, body.registrationId, body, session!);
    const key = registrationKey(target);
    if (row.occurrenceKey !== key.occurrenceKey) throw otherEvent();
    const rows = await this.parties(target);
    const ticketing = await this.ticketing(target, [row]);
    return {
      party: toParty(row, ticketing),
      alreadyCheckedIn: row.checkedInAt !== null,
      counts: countsOf(rows),
    };
  }

  /** An event or occurrence the viewer runs the door of (a whole series has no door). */
  private async door(id: string, session: Session | null): Promise<Target> {
    const target = await resolveTarget(this.db, id);
    assertCanEdit(session, ownerRow(target));
    if (target.kind === 'series') throw seriesHasNoDoor();
    return target;
  }

  private async parties(target: Target): Promise<RegistrationRow[]> {
    const { eventId, occurrenceKey } = registrationKey(target);
    const rows = await q.listRegistrations(this.db, eventId, occurrenceKey);
    return rows.filter(holdsSeats).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * The check-in list, serialized once per change of the data while no party has a ticket;
   * with tickets the invoices are read for each request (payments do not move the data
   * version). Who may see it is checked for each request, against the kept event.
   */
  async list(id: string, session: Session | null): Promise<JsonBody | CheckInList> {
    const door = await this.doors.get(id, await currentDataVersion(this.db), () =>
      this.keptDoor(id),
    );
    assertCanEdit(session, door.owner);
    if (!door.target) throw seriesHasNoDoor();
    return (
      door.body ?? this.listOf(door.target, door.rows, await this.ticketing(door.target, door.rows))
    );
  }

  private async keptDoor(id: string): Promise<KeptDoor> {
    const target = await resolveTarget(this.db, id);
    if (target.kind === 'series')
      return { owner: ownerRow(target), target: null, rows: [], body: null };
    const rows = await this.parties(target);
    const free = rows.every((r) => r.invoiceId === null);
    return {
      owner: ownerRow(target),
      target,
      rows,
      body: free
        ? await JsonBody.of(
            checkInListSchema,
            this.listOf(target, rows, await this.ticketing(target, [])),
          )
        : null,
    };
  }

  private listOf(target: Target, rows: RegistrationRow[], ticketing: Ticketing): CheckInList {
    const shown = shownRow(target);
    return {
      event: {
        id: viewOfTarget(target).id,
        title: shown.title.trim() || 'Untitled Event',
        startTime: shown.startTime.toISOString(),
        endTime: shown.endTime.toISOString(),
        timezone: shown.timezone,
      },
      counts: countsOf(rows),
      parties: rows.map((r) => toParty(r, ticketing)),
    };
  }

  /**
   * Checks a party in by its scanned code or its id. A second check-in changes nothing and
   * says when the first was. A code the portal did not sign is 400; a party of another event
   * or date 409.
   */
  async checkIn(
    id: string,
    request: z.output<typeof checkInRequestSchema>,
    session: Session | null,
  ): Promise<CheckInResult> {
    const target = await this.door(id, session);
    const registrationId =
      request.code !== undefined ? await this.codes.read(request.code) : request.registrationId!;
    if (!registrationId) throw notATicket();
    const key = registrationKey(target);
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const row = await q.findRegistration(tx, registrationId, true);
      if (!row) {
        if (request.code !== undefined) {
          throw new AppError('not_found', 'This ticket was cancelled. Check in by name.');
        }
        throw new AppError('not_found', 'No such registration.');
      }
      if (row.eventId !== key.eventId || row.occurrenceKey !== key.occurrenceKey) {
        throw otherEvent();
      }
      if (!holdsSeats(row)) {
        throw new AppError(
          'conflict',
          `${row.name} is on the waiting list and has no seats for this event.`,
        );
      }
      if (row.checkedInAt) return { row, already: true };
      const updated = await q.updateRegistration(tx, row.id, { checkedInAt: now, updatedAt: now });
      return { row: updated, already: false };
    });
    return {
      party: toParty(result.row, await this.ticketing(target, [result.row])),
      alreadyCheckedIn: result.already,
      counts: countsOf(await this.parties(target)),
    };
  }

  /** A party that came without registering, checked in at once. Staff decide; seats do not. */
  async walkIn(
    id: string,
    body: z.output<typeof walkInSchema>,
    session: Session | null,
  ): Promise<CheckInResult> {
    const target = await this.door(id, session);
    const key = registrationKey(target);
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      await q.lockSeats(tx, key);
      const created = await q.insertRegistration(tx, {
        ...key,
        name: body.name.trim(),
        email: body.email?.trim() ?? '',
        phone: body.phone?.trim() || null,
        guests: Number(body.numberOfGuests ?? 1),
        notes: body.notes?.trim() || null,
        seatStatus: 'confirmed',
        walkIn: true,
        checkedInAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!created) {
        throw new AppError(
          'conflict',
          'This email address is already registered for this event: find the party by name and check it in.',
        );
      }
      return created;
    });
    return {
      party: toParty(row),
      alreadyCheckedIn: false,
      counts: countsOf(await this.parties(target)),
    };
  }

  /**
   * The registrations as CSV for a spreadsheet: of one event or date, or of every date of a
   * series (then with the date of each). Waiting parties are listed with their status.
   */
  async csv(id: string, session: Session | null): Promise<{ csv: string; filename: string }> {
    const target = await resolveTarget(this.db, id);
    assertCanEdit(session, ownerRow(target));
    const { eventId, occurrenceKey } = registrationKey(target);
    const rows =
      target.kind === 'series'
        ? await q.registrationsOf(this.db, eventId)
        : await q.listRegistrations(this.db, eventId, occurrenceKey);
    const shown = shownRow(target);
    const zone = shown.timezone;
    const local = (d: Date) =>
      dateTimeFormat('sv-SE', {
        timeZone: zone,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(d);
    const series = target.kind === 'series';
    const header = [
      ...(series ? ['date'] : []),
      'name',
      'email',
      'phone',
      'party',
      'status',
      'paid',
      'checked in',
    ];
    const byOccurrence = new Map<string, RegistrationRow[]>();
    for (const r of rows)
      byOccurrence.set(r.occurrenceKey, [...(byOccurrence.get(r.occurrenceKey) ?? []), r]);
    const states = this.tickets ? await this.tickets.statesOf(rows) : new Map<string, string>();
    const records: (string | TextCell)[][] = [header];
    for (const [key, group] of byOccurrence) {
      const date = series ? occurrenceDate(key, local) : null;
      const byId = new Map(group.map((r) => [r.id, r]));
      for (const a of orderedAttendees(group)) {
        const r = byId.get(a.id)!;
        records.push([
          ...(date !== null ? [date] : []),
          r.name,
          r.email,
          asText(r.phone),
          String(r.guests),
          a.waitlistPosition ? `waitlisted (${a.waitlistPosition})` : r.seatStatus,
          // The ticket's invoice says: unpaid, paid, refunded or void; no invoice is free.
          states.get(r.id) ?? 'free',
          r.checkedInAt ? local(r.checkedInAt) : '',
        ]);
      }
    }
    const slug = (shown.title.trim() || 'event')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const day = series ? 'all-dates' : compactUtc(shown.startTime).slice(0, 8);
    return { csv: writeCsv(records), filename: `${slug || 'event'}-${day}-registrations.csv` };
  }
}

/** The local start of an occurrence from its key (the original start, compact UTC). */
function occurrenceDate(key: string, local: (d: Date) => string): string {
  const start = parseCompactUtc(key);
  return start ? local(start) : '';
}
