import {
  type attendeeCheckInSchema,
  type CheckInCounts,
  type CheckInList,
  checkInListSchema,
  type CheckInParty,
  type DoorAttendee,
  type checkInRequestSchema,
  type CheckInResult,
  dateTimeFormat,
  type doorPaymentRequestSchema,
  type walkInSchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
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

/** An attendee of an order as the door sees it. */
export interface DoorAttendeeRow {
  id: string;
  registrationId: string;
  position: number;
  name: string | null;
  email: string | null;
  typeName: string;
  checkedInAt: Date | null;
}

/**
 * The attendees of orders, which are the registrations module's (its DoorAttendees, handed
 * over in modules/index.ts): read, found by QR token, checked in or undone one by one.
 */
export interface DoorAttendees {
  of(db: Executor, registrationIds: string[]): Promise<Map<string, DoorAttendeeRow[]>>;
  byQrToken(db: Executor, token: string): Promise<{ id: string } | null>;
  registrationOf(db: Executor, attendeeId: string): Promise<string | null>;
  set(tx: Executor, attendeeId: string, at: Date | null, now: Date): Promise<void>;
  setAll(tx: Executor, registrationId: string, at: Date): Promise<void>;
}

/** The attendees of an occurrence's orders, and each order's table number. */
interface Seating {
  attendees: Map<string, DoorAttendeeRow[]>;
  tables: Map<string, number>;
}
const noSeating: Seating = { attendees: new Map(), tables: new Map() };

function toAttendee(a: DoorAttendeeRow): DoorAttendee {
  return {
    id: a.id,
    registrationId: a.registrationId,
    position: a.position,
    name: a.name,
    email: a.email,
    typeName: a.typeName,
    checkedInAt: a.checkedInAt?.toISOString() ?? null,
  };
}

function toParty(r: RegistrationRow, ticketing?: Ticketing, seating = noSeating): CheckInParty {
  const invoice = r.invoiceId ? ticketing?.invoices.get(r.invoiceId) : undefined;
  return {
    table: seating.tables.get(r.id) ?? null,
    attendees: (seating.attendees.get(r.id) ?? []).map(toAttendee),
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

/**
 * Counts in people: an order's attendees count one by one, a plain party as a whole. No-shows
 * are counted only once the event has started: before, nobody has failed to come.
 */
function countsOf(rows: RegistrationRow[], seating: Seating, started: boolean): CheckInCounts {
  const registered = rows.reduce((sum, r) => sum + r.guests, 0);
  const checkedIn = rows.reduce((sum, r) => {
    const attendees = seating.attendees.get(r.id);
    if (attendees && attendees.length > 0) {
      return sum + attendees.filter((a) => a.checkedInAt !== null).length;
    }
    return sum + (r.checkedInAt ? r.guests : 0);
  }, 0);
  return { registered, checkedIn, noShows: started ? Math.max(0, registered - checkedIn) : 0 };
}

const attendeeNotFound = () => new AppError('not_found', 'Attendee not found');

/** One door's list as kept between requests (see `CheckInService.list`). */
interface KeptDoor {
  /** Whose event it is: each request checks its viewer against it. */
  owner: EventRow;
  /** Null for a whole series, which has no door. */
  target: Target | null;
  rows: RegistrationRow[];
  seating: Seating;
  /** The answer serialized once, when no party has a ticket (whose invoice may change). */
  body: JsonBody | null;
  /** Whether the event had started when the body was built (no-shows count from then). */
  started: boolean;
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
    private readonly attendees: DoorAttendees | null = null,
  ) {}

  /** Whether the event (or date) has started, by the server's clock. */
  private started(target: Target): boolean {
    return shownRow(target).startTime <= this.clock.now();
  }

  /** The attendees of these parties' orders, and the orders' table numbers in order placed. */
  private async seating(db: Executor, rows: RegistrationRow[]): Promise<Seating> {
    if (!this.attendees || rows.length === 0) return noSeating;
    const attendees = await this.attendees.of(
      db,
      rows.map((r) => r.id),
    );
    const orders = rows
      .filter((r) => (attendees.get(r.id)?.length ?? 0) > 0)
      .sort((a, b) => a.queuedAt - b.queuedAt);
    return { attendees, tables: new Map(orders.map((r, i) => [r.id, i + 1])) };
  }

  /** The counts of the door now. */
  private async countsNow(target: Target): Promise<CheckInCounts> {
    const rows = await this.parties(target);
    return countsOf(rows, await this.seating(this.db, rows), this.started(target));
  }

  /** A party's answer with its attendees and table number read fresh. */
  private async partyNow(target: Target, row: RegistrationRow): Promise<CheckInParty> {
    const rows = await this.parties(target);
    const seating = await this.seating(this.db, rows);
    return toParty(row, await this.ticketing(target, [row]), seating);
  }

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
    return {
      party: await this.partyNow(target, row),
      alreadyCheckedIn: row.checkedInAt !== null,
      attendee: null,
      counts: await this.countsNow(target),
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
    // A body kept from before the start lacks the no-shows that count from the start.
    const fresh = door.started === this.started(door.target) ? door.body : null;
    return (
      fresh ??
      this.listOf(
        door.target,
        door.rows,
        await this.ticketing(door.target, door.rows),
        door.seating,
      )
    );
  }

  private async keptDoor(id: string): Promise<KeptDoor> {
    const target = await resolveTarget(this.db, id);
    if (target.kind === 'series')
      return {
        owner: ownerRow(target),
        target: null,
        rows: [],
        seating: noSeating,
        body: null,
        started: false,
      };
    const rows = await this.parties(target);
    const seating = await this.seating(this.db, rows);
    const free = rows.every((r) => r.invoiceId === null);
    const started = this.started(target);
    return {
      owner: ownerRow(target),
      target,
      rows,
      seating,
      started,
      body: free
        ? await JsonBody.of(
            checkInListSchema,
            this.listOf(target, rows, await this.ticketing(target, []), seating),
          )
        : null,
    };
  }

  private listOf(
    target: Target,
    rows: RegistrationRow[],
    ticketing: Ticketing,
    seating: Seating,
  ): CheckInList {
    const shown = shownRow(target);
    return {
      event: {
        id: viewOfTarget(target).id,
        title: shown.title.trim() || 'Untitled Event',
        startTime: shown.startTime.toISOString(),
        endTime: shown.endTime.toISOString(),
        timezone: shown.timezone,
      },
      counts: countsOf(rows, seating, this.started(target)),
      parties: rows.map((r) => toParty(r, ticketing, seating)),
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
    if (!registrationId && request.code !== undefined && this.attendees) {
      // An attendee's own QR code carries their random token: it checks in that attendee only.
      const attendee = await this.attendees.byQrToken(this.db, request.code.trim());
      if (attendee) return this.setAttendee(target, attendee.id, true);
    }
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
      // The whole party at once: an order's attendees are checked in with it.
      await this.attendees?.setAll(tx, row.id, now);
      const updated = await q.updateRegistration(tx, row.id, { checkedInAt: now, updatedAt: now });
      return { row: updated, already: false };
    });
    return {
      party: await this.partyNow(target, result.row),
      alreadyCheckedIn: result.already,
      attendee: null,
      counts: await this.countsNow(target),
    };
  }

  /** POST /events/{id}/check-ins: one attendee of an order, by id. */
  async checkInAttendee(
    id: string,
    body: z.output<typeof attendeeCheckInSchema>,
    session: Session | null,
  ): Promise<CheckInResult> {
    return this.setAttendee(await this.door(id, session), body.attendeeId, true);
  }

  /** DELETE /events/{id}/check-ins/{attendeeId}: undoes one attendee's check-in. */
  async undoAttendee(id: string, attendeeId: string, session: Session | null) {
    return this.setAttendee(await this.door(id, session), attendeeId, false);
  }

  /**
   * Checks one attendee in (`into`) or undoes it, under the registration's row lock. Checking
   * in one already in changes nothing and says when; undoing one not in changes nothing. An
   * attendee of another event or date is 409, of a waiting order 409, unknown 404.
   */
  private async setAttendee(
    target: Target,
    attendeeId: string,
    into: boolean,
  ): Promise<CheckInResult> {
    const attendees = this.attendees;
    if (!attendees) throw attendeeNotFound();
    const key = registrationKey(target);
    const now = this.clock.now();
    const already = await this.db.transaction(async (tx) => {
      const registrationId = await attendees.registrationOf(tx, attendeeId);
      const row = registrationId ? await q.findRegistration(tx, registrationId, true) : null;
      if (!row) throw attendeeNotFound();
      if (row.eventId !== key.eventId || row.occurrenceKey !== key.occurrenceKey) {
        throw otherEvent();
      }
      if (!holdsSeats(row)) {
        throw new AppError(
          'conflict',
          `The order of ${row.name} is on the waiting list and has no seats for this event.`,
        );
      }
      const own = (await attendees.of(tx, [row.id])).get(row.id) ?? [];
      const attendee = own.find((a) => a.id === attendeeId)!;
      if ((attendee.checkedInAt !== null) === into) return into;
      await attendees.set(tx, attendeeId, into ? now : null, now);
      return false;
    });
    const rows = await this.parties(target);
    const seating = await this.seating(this.db, rows);
    const row = rows.find((r) => seating.attendees.get(r.id)?.some((a) => a.id === attendeeId));
    const attendee = row ? seating.attendees.get(row.id)!.find((a) => a.id === attendeeId)! : null;
    if (!row || !attendee) throw attendeeNotFound();
    return {
      party: toParty(row, await this.ticketing(target, [row]), seating),
      alreadyCheckedIn: already,
      attendee: toAttendee(attendee),
      counts: countsOf(rows, seating, this.started(target)),
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
      attendee: null,
      counts: await this.countsNow(target),
    };
  }

  /**
   * The attendee list of one event or date as CSV: a row per attendee of an order (its table
   * number, the seat's name or 'Guest n of <buyer>', its ticket type) and a row per plain
   * party (no type, no table), by table then name; checked-in times in the event's zone.
   */
  async attendeesCsv(
    id: string,
    session: Session | null,
  ): Promise<{ csv: string; filename: string }> {
    const target = await this.door(id, session);
    const rows = await this.parties(target);
    const seating = await this.seating(this.db, rows);
    const shown = shownRow(target);
    const local = (d: Date) =>
      dateTimeFormat('sv-SE', {
        timeZone: shown.timezone,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(d);
    const ordered = [...rows].sort(
      (a, b) =>
        (seating.tables.get(a.id) ?? Infinity) - (seating.tables.get(b.id) ?? Infinity) ||
        a.name.localeCompare(b.name),
    );
    const records: (string | TextCell)[][] = [['table', 'name', 'email', 'type', 'checked in']];
    for (const r of ordered) {
      const table = seating.tables.get(r.id);
      const attendees = seating.attendees.get(r.id) ?? [];
      if (attendees.length === 0) {
        records.push(['', r.name, r.email, '', r.checkedInAt ? local(r.checkedInAt) : '']);
        continue;
      }
      for (const a of attendees) {
        records.push([
          String(table ?? ''),
          a.name?.trim() || `Guest ${a.position} of ${r.name}`,
          a.email ?? '',
          a.typeName,
          a.checkedInAt ? local(a.checkedInAt) : '',
        ]);
      }
    }
    const day = compactUtc(shown.startTime).slice(0, 8);
    return {
      csv: writeCsv(records),
      filename: `${fileSlug(shown.title)}-${day}-attendees.csv`,
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

/** A spreadsheet's file name: the event's title as a slug and its day. */
function fileSlug(title: string): string {
  const slug = (title.trim() || 'event')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'event';
}

/** The local start of an occurrence from its key (the original start, compact UTC). */
function occurrenceDate(key: string, local: (d: Date) => string): string {
  const start = parseCompactUtc(key);
  return start ? local(start) : '';
}
