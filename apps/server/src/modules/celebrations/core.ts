import {
  addDays,
  CELEBRATION_SLOTS_MAX_DAYS,
  type Celebration,
  type CelebrationKind,
  celebrationKindLabels,
  type CelebrationSettings,
  celebrationSettingsSchema,
  type CelebrationSlot,
  type CelebrationSlots,
  type CelebrationStatus,
  dateKeyIn,
  defaultCelebrationSettings,
  localDateTime,
  timeIn,
  weekdayOf,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { recordAudit, recordChange } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { type Session } from '../../plugins/auth.js';
import type { BillingService } from '../billing/index.js';
import type { CalendarService } from '../calendars/index.js';
import type { MembersService } from '../members/index.js';
import { firstChamber } from '../chamber/index.js';
import {
  businessName,
  CELEBRATION_AMBASSADOR_MAIL,
  CELEBRATION_OUTCOME_MAIL,
  type MailContext,
  type Outcome,
} from './mail.js';
import * as q from './queries.js';
import { assertMember, blackoutOn, kindRule } from './rules.js';

export const notFound = () => new AppError('not_found', 'No such celebration booking.');

/**
 * What the celebrations service builds on: the chamber's rules (a setting) and time zone,
 * the slots the rules allow, confirming a booking, and a booking as answered.
 */
export class CelebrationsCore implements MailContext {
  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
    protected readonly outbox: MailOutbox,
    protected readonly calendar: CalendarService,
    protected readonly billing: BillingService,
    /** The listing's side of a celebration's photos: uploaded images and its gallery. */
    protected readonly listing: Pick<MembersService, 'imageUrl' | 'addToGallery'>,
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
    assertMember(session);
    const [rules, tz] = await Promise.all([this.settings(), this.timezone()]);
    kindRule(rules, query.kind, session, tz, this.clock.now());
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

  /**
   * Confirms a booking in `from`: claims it (status confirmed) so no one else confirms it,
   * puts the public event on the calendar for the member's listing, then, with the event's
   * id, invoices the fee and queues the mail to the member and the ambassadors. A failure to
   * create the event puts the booking back.
   */
  protected async confirmBooking(
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
      // The celebrating business's own people are there anyway: not invited as ambassadors.
      for (const a of await q.ambassadors(tx)) {
        if (a.contactId === claimed.contactId) continue;
        await this.outbox.queue(tx, CELEBRATION_AMBASSADOR_MAIL, { id, personId: a.personId });
      }
    });
    this.outbox.wake();
  }

  protected mail(tx: Executor, id: string, outcome: Outcome) {
    return this.outbox.queue(tx, CELEBRATION_OUTCOME_MAIL, { id, outcome });
  }

  protected async own(session: Session, id: string) {
    if (!isUuid(id)) throw notFound();
    const row = await q.find(this.db, id);
    if (!row || row.celebration.contactId !== session.user.contactId) throw notFound();
    return row;
  }

  protected async get(id: string): Promise<Celebration> {
    const row = await q.find(this.db, id);
    if (!row) throw notFound();
    return this.view(row, await this.timezone());
  }

  protected view({ celebration: c, contact }: q.CelebrationView, tz: string): Celebration {
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
      photos: c.photos,
      createdAt: c.createdAt.toISOString(),
    };
  }

  protected async audit(
    tx: Executor,
    session: Session,
    action: string,
    before: q.CelebrationRow,
    reason: string | null,
  ) {
    await recordChange(tx, session, {
      action,
      targetType: 'celebration',
      targetLabel: `${celebrationKindLabels[before.kind as CelebrationKind]} ${before.slotStart.toISOString()}`,
      before,
      reread: q.lock,
      shown: (row) => ({ status: row.status, slotStart: row.slotStart.toISOString() }),
      reason,
    });
  }
}
