import {
  addDays,
  type AmbassadorList,
  type bookCelebrationSchema,
  CELEBRATION_SLOTS_MAX_DAYS,
  type Celebration,
  type CelebrationKind,
  celebrationKindLabels,
  type CelebrationQueue,
  type CelebrationSettings,
  celebrationSettingsSchema,
  type CelebrationSlot,
  type CelebrationSlots,
  type CelebrationStatus,
  dateKeyIn,
  defaultCelebrationSettings,
  type ListingCelebrations,
  localDateTime,
  type MyCelebrations,
  parseDateKey,
  timeIn,
  weekdayOf,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { isCurrentMember, type Session } from '../../plugins/auth.js';
import type { BillingService } from '../billing/index.js';
import type { CalendarService } from '../calendars/index.js';
import { firstChamber } from '../chamber/index.js';
import { chamberCurrency } from '../memberships/index.js';
import {
  businessName,
  CELEBRATION_AMBASSADOR_MAIL,
  CELEBRATION_OUTCOME_MAIL,
  type MailContext,
  type Outcome,
} from './mail.js';
import * as q from './queries.js';

type BookInput = z.output<typeof bookCelebrationSchema>;

const DAY_MS = 86_400_000;
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const notFound = () => new AppError('not_found', 'No such celebration booking.');
const noBusiness = () =>
  new AppError('forbidden', 'Celebrations are booked for a member business; this login has none.');

/**
 * Ribbon cuttings and milestone celebrations: the chamber's rules (a setting), the slots they
 * allow, members' bookings, staff's decisions, and what a confirmed one becomes: a public
 * event on the calendar for the member's listing, an invoice for the fee, mail to the member
 * and to the ambassadors, reminders before it.
 */
export class CelebrationsService implements MailContext {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    private readonly calendar: CalendarService,
    private readonly billing: BillingService,
  ) {}

  // Settings.

  async settings(db: Executor = this.db): Promise<CelebrationSettings> {
    const stored = await q.getSettings(db);
    if (!stored) return defaultCelebrationSettings;
    const parsed = celebrationSettingsSchema.safeParse(stored);
    return parsed.success ? parsed.data : defaultCelebrationSettings;
  }

  async putSettings(session: Session, body: CelebrationSettings): Promise<CelebrationSettings> {
    await this.db.transaction(async (tx) => {
      const before = await this.settings(tx);
      await q.putSettings(tx, body, this.clock.now());
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: 'celebrations.settings',
        targetType: 'celebration_settings',
        targetId: '1',
        targetLabel: 'Celebration settings',
        before,
        after: body,
      });
    });
    return this.settings();
  }

  async timezone(db: Executor = this.db): Promise<string> {
    return (await firstChamber(db))?.timezone ?? 'America/Denver';
  }

  async checklist(): Promise<string[]> {
    return (await this.settings()).checklist;
  }

  // Slots.

  /**
   * The slots the rules allow for `kind` between `from` and `to` (the chamber's days,
   * inclusive): allowed weekdays and start times on the chamber's wall clock, from the first
   * day the notice allows to the horizon, no blackout day, none another booking holds.
   */
  async slots(
    session: Session,
    query: { kind: CelebrationKind; from?: string; to?: string },
  ): Promise<CelebrationSlots> {
    this.assertMember(session);
    const [rules, tz] = await Promise.all([this.settings(), this.timezone()]);
    this.kindRule(rules, query.kind, session, tz);
    const today = dateKeyIn(this.clock.now(), tz);
    const earliest = addDays(today, rules.noticeDays);
    const latest = addDays(today, rules.horizonDays);
    const from = query.from && query.from > earliest ? query.from : earliest;
    let to = query.to ?? addDays(from, 41);
    if (to > latest) to = latest;
    if (to > addDays(from, CELEBRATION_SLOTS_MAX_DAYS - 1)) {
      throw new AppError(
        'validation_failed',
        `Ask for at most ${CELEBRATION_SLOTS_MAX_DAYS} days of slots at a time.`,
      );
    }
    const slots: CelebrationSlot[] = [];
    if (from <= to) {
      const held = new Set(
        (
          await q.heldStarts(
            this.db,
            zonedTimeToUtc(localDateTime(from, '00:00'), tz),
            zonedTimeToUtc(localDateTime(addDays(to, 1), '00:00'), tz),
          )
        ).map((d) => d.getTime()),
      );
      for (let day = from; day <= to; day = addDays(day, 1)) {
        if (!rules.weekdays.includes(weekdayOf(day)) || blackoutOn(rules, day)) continue;
        for (const time of [...rules.startTimes].sort()) {
          const start = zonedTimeToUtc(localDateTime(day, time), tz);
          // A wall-clock time a daylight-saving change skips is no slot.
          if (timeIn(start, tz) !== time || held.has(start.getTime())) continue;
          const end = new Date(start.getTime() + rules.lengthMinutes * 60_000);
          slots.push({ start: start.toISOString(), end: end.toISOString(), date: day, time });
        }
      }
    }
    return { kind: query.kind, timezone: tz, from, to, slots };
  }

  // The member.

  async mine(session: Session): Promise<MyCelebrations> {
    const contactId = session.user.contactId;
    if (!contactId) throw noBusiness();
    const [rows, rules, tz, currency] = await Promise.all([
      q.ofContact(this.db, contactId),
      this.settings(),
      this.timezone(),
      chamberCurrency(this.db),
    ]);
    const refusal = this.memberRefusal(session);
    const kinds = rules.kinds
      .filter((r) => r.enabled && !this.newMemberRefusal(r, session, tz))
      .map((r) => r.kind);
    const c = session.contact;
    const listingAddress = c
      ? [c.address1, [c.city, c.state].filter(Boolean).join(', '), c.postalCode]
          .filter(Boolean)
          .join(', ')
      : '';
    return {
      celebrations: rows.map((row) => this.view(row, tz)),
      mayBook: !refusal && kinds.length > 0,
      refusal:
        refusal ?? (kinds.length ? null : 'None of the celebrations is open to your business.'),
      kinds,
      listingAddress,
      checklist: rules.checklist,
      feeCents: rules.feeCents,
      currency,
    };
  }

  /**
   * A booking of the member's business, checked against every rule in one transaction with
   * the business locked (its yearly count); the slot's unique index settles a race between
   * businesses. Confirmed at once when the chamber confirms automatically.
   */
  async book(session: Session, input: BookInput): Promise<Celebration> {
    const contactId = this.assertMember(session);
    const tz = await this.timezone();
    const start = new Date(input.slotStart);
    const address = input.address?.trim() || (await this.mine(session)).listingAddress;
    if (!address) {
      throw new AppError('validation_failed', 'Give the address where it takes place.');
    }
    let id: string;
    let rules: CelebrationSettings;
    try {
      ({ id, rules } = await this.db.transaction(async (tx) => {
        const rules = await this.settings(tx);
        this.kindRule(rules, input.kind, session, tz);
        const day = this.checkSlot(rules, start, tz);
        await q.lockContact(tx, contactId);
        await this.checkYearlyCount(tx, rules, contactId, day, tz, null);
        const now = this.clock.now();
        const row = await q.insert(tx, {
          contactId,
          bookedBy: session.user.id,
          kind: input.kind,
          status: 'pending',
          slotStart: start,
          slotEnd: new Date(start.getTime() + rules.lengthMinutes * 60_000),
          address,
          description: input.description,
          expectedGuests: input.expectedGuests ?? null,
          galleryConsent: input.galleryConsent ?? false,
          createdAt: now,
          updatedAt: now,
        });
        if (!rules.autoConfirm) await this.mail(tx, row.id, 'received');
        return { id: row.id, rules };
      }));
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(
          'conflict',
          'That time has just been booked by another business. Choose another time.',
        );
      }
      throw err;
    }
    this.outbox.wake();
    if (rules.autoConfirm) await this.confirmBooking(session, id, ['pending']);
    return this.get(id);
  }

  /** The member takes the time staff proposed: the booking is confirmed. */
  async accept(session: Session, id: string): Promise<Celebration> {
    const row = await this.own(session, id);
    if (row.celebration.status !== 'proposed') {
      throw new AppError('conflict', 'Only a time staff proposed can be accepted.');
    }
    this.assertMember(session);
    await this.confirmBooking(session, id, ['proposed']);
    return this.get(id);
  }

  /** The member withdraws a booking not yet held on the calendar (pending or proposed). */
  async cancel(session: Session, id: string): Promise<Celebration> {
    await this.own(session, id);
    await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row || (row.status !== 'pending' && row.status !== 'proposed')) {
        throw new AppError(
          'conflict',
          'Only a booking waiting for staff or for your answer can be withdrawn; ask staff to cancel a confirmed one.',
        );
      }
      await q.update(tx, id, { status: 'cancelled', updatedAt: this.clock.now() });
    });
    return this.get(id);
  }

  // Staff.

  async queue(status: CelebrationStatus | undefined): Promise<CelebrationQueue> {
    const tz = await this.timezone();
    const since = new Date(this.clock.now().getTime() - 30 * DAY_MS);
    const rows = await q.inStatus(this.db, status, since);
    return { celebrations: rows.map((row) => this.view(row, tz)) };
  }

  async confirm(session: Session, id: string): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    await this.confirmBooking(session, id, ['pending'], true);
    return this.get(id);
  }

  /**
   * Staff offer another time: any slot the rules allow (the notice and the business's yearly
   * count still hold), which the booking now holds; the member accepts it or withdraws.
   */
  async propose(
    session: Session,
    id: string,
    slotStart: string,
    note: string | undefined,
  ): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    const tz = await this.timezone();
    const start = new Date(slotStart);
    try {
      await this.db.transaction(async (tx) => {
        const row = await q.lock(tx, id);
        if (!row) throw notFound();
        if (row.status !== 'pending' && row.status !== 'proposed') {
          throw new AppError('conflict', 'Only a booking waiting for staff can be moved.');
        }
        const rules = await this.settings(tx);
        const day = this.checkSlot(rules, start, tz);
        await this.checkYearlyCount(tx, rules, row.contactId, day, tz, row.id);
        await q.update(tx, id, {
          status: 'proposed',
          slotStart: start,
          slotEnd: new Date(start.getTime() + rules.lengthMinutes * 60_000),
          staffNote: note?.trim() || null,
          updatedAt: this.clock.now(),
        });
        await this.audit(tx, session, 'celebration.propose', row, note ?? null);
        await this.mail(tx, id, 'proposed');
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', 'Another booking holds that time. Choose another.');
      }
      throw err;
    }
    this.outbox.wake();
    return this.get(id);
  }

  async decline(session: Session, id: string, reason: string): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'pending' && row.status !== 'proposed') {
        throw new AppError('conflict', 'Only a booking waiting for staff can be declined.');
      }
      await q.update(tx, id, {
        status: 'declined',
        staffNote: reason,
        updatedAt: this.clock.now(),
      });
      await this.audit(tx, session, 'celebration.decline', row, reason);
      await this.mail(tx, id, 'declined');
    });
    this.outbox.wake();
    return this.get(id);
  }

  async ambassadors(): Promise<AmbassadorList> {
    const rows = await q.ambassadors(this.db);
    return {
      ambassadors: rows.map((r) => ({
        contactId: r.contactId,
        name: `${r.firstName} ${r.lastName}`.trim() || r.businessName || '',
        email: r.loginEmail ?? r.email,
      })),
    };
  }

  async setAmbassador(session: Session, contactId: string, on: boolean): Promise<AmbassadorList> {
    if (!isUuid(contactId) || !(await q.contactExists(this.db, contactId))) {
      throw new AppError('not_found', 'No such member.');
    }
    await this.db.transaction(async (tx) => {
      await q.setAmbassador(tx, contactId, on, session.user.id, this.clock.now());
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: on ? 'celebrations.ambassador_add' : 'celebrations.ambassador_remove',
        targetType: 'contact',
        targetId: contactId,
        targetLabel: 'Ambassador',
        before: null,
        after: { ambassador: on },
      });
    });
    return this.ambassadors();
  }

  // The public.

  /** A business's confirmed celebrations still to come, for its member page. */
  async ofListing(contactId: string): Promise<ListingCelebrations> {
    if (!isUuid(contactId)) return { celebrations: [] };
    const [rows, tz] = await Promise.all([
      q.confirmedOf(this.db, contactId, this.clock.now()),
      this.timezone(),
    ]);
    return {
      celebrations: rows
        .filter((r) => r.eventId)
        .map((r) => ({
          id: r.id,
          kind: r.kind as CelebrationKind,
          start: r.slotStart.toISOString(),
          timezone: tz,
          eventId: r.eventId!,
        })),
    };
  }

  // Rules.

  /** Why this login's business may not book now, or null: members in good standing only. */
  private memberRefusal(session: Session): string | null {
    if (!session.user.contactId)
      return 'Celebrations are booked for a member business; this login has none.';
    // Good standing is the business's membership (active or in grace), for staff too.
    const standing = session.membershipStatus === 'active' || session.membershipStatus === 'grace';
    if (!isCurrentMember(session) || !standing) {
      return 'Celebrations are for members in good standing. Renew your membership to book one.';
    }
    return null;
  }

  private assertMember(session: Session): string {
    const refusal = this.memberRefusal(session);
    if (!session.user.contactId) throw noBusiness();
    if (refusal) throw new AppError('forbidden', refusal);
    return session.user.contactId;
  }

  /** A kind for first-year members only refuses a business that joined more than a year ago. */
  private newMemberRefusal(
    rule: CelebrationSettings['kinds'][number],
    session: Session,
    tz: string,
  ): string | null {
    if (!rule.newMembersOnly) return null;
    const since = session.contact?.memberSince ?? null;
    const today = dateKeyIn(this.clock.now(), tz);
    const { year, month, day } = parseDateKey(today);
    const yearAgo = `${year - 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (since && since > yearAgo) return null;
    return `A ${celebrationKindLabels[rule.kind].toLowerCase()} is for new members, in their first year of membership.`;
  }

  private kindRule(
    rules: CelebrationSettings,
    kind: CelebrationKind,
    session: Session,
    tz: string,
  ) {
    const rule = rules.kinds.find((r) => r.kind === kind);
    if (!rule?.enabled) {
      throw new AppError(
        'validation_failed',
        `The chamber does not hold ${celebrationKindLabels[kind].toLowerCase()}s at the moment.`,
      );
    }
    const refusal = this.newMemberRefusal(rule, session, tz);
    if (refusal) throw new AppError('forbidden', refusal);
    return rule;
  }

  /**
   * The start must be one the rules allow: an allowed weekday and start time on the chamber's
   * wall clock, at least the notice ahead, within the horizon, on no blackout day. Answers
   * its day.
   */
  private checkSlot(rules: CelebrationSettings, start: Date, tz: string): string {
    const day = dateKeyIn(start, tz);
    const time = timeIn(start, tz);
    const allowedTimes = [...rules.startTimes].sort().join(' or ');
    const allowedDays = rules.weekdays
      .slice()
      .sort()
      .map((d) => weekdayNames[d])
      .join(', ');
    if (
      !rules.weekdays.includes(weekdayOf(day)) ||
      !rules.startTimes.includes(time) ||
      start.getUTCSeconds() !== 0 ||
      start.getUTCMilliseconds() !== 0
    ) {
      throw new AppError(
        'validation_failed',
        `That time is not one the chamber offers: celebrations start at ${allowedTimes} on ${allowedDays}.`,
      );
    }
    const today = dateKeyIn(this.clock.now(), tz);
    const earliest = addDays(today, rules.noticeDays);
    if (day < earliest) {
      throw new AppError(
        'validation_failed',
        `Celebrations are booked at least ${rules.noticeDays} days ahead; the earliest day is ${earliest}.`,
      );
    }
    if (day > addDays(today, rules.horizonDays)) {
      throw new AppError(
        'validation_failed',
        `Celebrations are booked at most ${rules.horizonDays} days ahead.`,
      );
    }
    const blackout = blackoutOn(rules, day);
    if (blackout) {
      throw new AppError(
        'validation_failed',
        `The chamber holds no celebrations from ${blackout.from} to ${blackout.to}${blackout.note ? ` (${blackout.note})` : ''}. Choose another day.`,
      );
    }
    return day;
  }

  private async checkYearlyCount(
    tx: Executor,
    rules: CelebrationSettings,
    contactId: string,
    day: string,
    tz: string,
    except: string | null,
  ) {
    const year = parseDateKey(day).year;
    const held = await q.countHeld(
      tx,
      contactId,
      zonedTimeToUtc(localDateTime(`${year}-01-01`, '00:00'), tz),
      zonedTimeToUtc(localDateTime(`${year + 1}-01-01`, '00:00'), tz),
      except,
    );
    if (held >= rules.perYear) {
      throw new AppError(
        'conflict',
        `Your business already has ${rules.perYear === 1 ? 'its celebration' : `its ${rules.perYear} celebrations`} for ${year}; the chamber holds ${rules.perYear} per business a year.`,
      );
    }
  }

  /**
   * Confirms a booking in `from`: claims it (status confirmed) so no one else confirms it,
   * puts the public event on the calendar for the member's listing, then, with the event's
   * id, invoices the fee and queues the mail to the member and the ambassadors. A failure to
   * create the event puts the booking back.
   */
  private async confirmBooking(
    session: Session,
    id: string,
    from: CelebrationStatus[],
    byStaff = false,
  ) {
    const claimed = await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row) throw notFound();
      if (!from.includes(row.status as CelebrationStatus)) {
        throw new AppError('conflict', 'Only a booking waiting for staff can be confirmed.');
      }
      await q.update(tx, id, { status: 'confirmed', updatedAt: this.clock.now() });
      if (byStaff) await this.audit(tx, session, 'celebration.confirm', row, null);
      return row;
    });
    const view = (await q.find(this.db, id))!;
    const label = celebrationKindLabels[claimed.kind as CelebrationKind];
    const name = businessName(view.contact);
    let eventId: string;
    try {
      const event = await this.calendar.create(
        {
          title: `${label}: ${name}`,
          description: `${claimed.description}\n\n${label} of ${name}, a member of the chamber.`,
          startTime: claimed.slotStart.toISOString(),
          endTime: claimed.slotEnd.toISOString(),
          location: claimed.address,
          contactId: claimed.contactId,
          appointmentStatus: 'confirmed',
          calendarNotes: label,
        },
        session,
      );
      eventId = event.id;
    } catch (err) {
      await q.update(this.db, id, { status: claimed.status, updatedAt: this.clock.now() });
      throw err;
    }
    await this.db.transaction(async (tx) => {
      const rules = await this.settings(tx);
      let invoiceId: string | null = null;
      if (rules.feeCents > 0) {
        const issued = await this.billing.issueInvoice(tx, {
          contactId: claimed.contactId,
          purpose: 'other',
          lines: [
            {
              description: `${label}, ${dateKeyIn(claimed.slotStart, await this.timezone(tx))}`,
              unitCents: rules.feeCents,
            },
          ],
        });
        invoiceId = issued.invoice.id;
      }
      await q.update(tx, id, { eventId, invoiceId, updatedAt: this.clock.now() });
      await this.mail(tx, id, 'confirmed');
      for (const a of await q.ambassadors(tx)) {
        if (a.contactId === claimed.contactId) continue;
        await this.outbox.queue(tx, CELEBRATION_AMBASSADOR_MAIL, { id, contactId: a.contactId });
      }
    });
    this.outbox.wake();
  }

  private mail(tx: Executor, id: string, outcome: Outcome) {
    return this.outbox.queue(tx, CELEBRATION_OUTCOME_MAIL, { id, outcome });
  }

  private async own(session: Session, id: string) {
    if (!isUuid(id)) throw notFound();
    const row = await q.find(this.db, id);
    if (!row || row.celebration.contactId !== session.user.contactId) throw notFound();
    return row;
  }

  private async get(id: string): Promise<Celebration> {
    const row = await q.find(this.db, id);
    if (!row) throw notFound();
    return this.view(row, await this.timezone());
  }

  private view({ celebration: c, contact }: q.CelebrationView, tz: string): Celebration {
    return {
      id: c.id,
      kind: c.kind as CelebrationKind,
      status: c.status as CelebrationStatus,
      start: c.slotStart.toISOString(),
      end: c.slotEnd.toISOString(),
      timezone: tz,
      address: c.address,
      description: c.description,
      expectedGuests: c.expectedGuests,
      galleryConsent: c.galleryConsent,
      staffNote: c.staffNote,
      eventId: c.eventId,
      invoiceId: c.invoiceId,
      business: { id: contact.id, name: businessName(contact) },
      createdAt: c.createdAt.toISOString(),
    };
  }

  private async audit(
    tx: Executor,
    session: Session,
    action: string,
    before: q.CelebrationRow,
    reason: string | null,
  ) {
    const after = await q.lock(tx, before.id);
    await recordAudit(tx, {
      actorId: session.user.id,
      actorEmail: session.user.email,
      action,
      targetType: 'celebration',
      targetId: before.id,
      targetLabel: `${celebrationKindLabels[before.kind as CelebrationKind]} ${before.slotStart.toISOString()}`,
      before: { status: before.status, slotStart: before.slotStart.toISOString() },
      after: after ? { status: after.status, slotStart: after.slotStart.toISOString() } : null,
      reason,
    });
  }
}

function blackoutOn(rules: CelebrationSettings, day: string) {
  return rules.blackouts.find((b) => b.from <= day && day <= b.to) ?? null;
}
