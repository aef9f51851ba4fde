import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { type ChamberIdentity, type MailContent, renderMail } from '../../lib/mail/templates.js';
import type { Change, ChangeNotice } from './change-notices.js';
import {
  entryFromJson,
  type IcsEntry,
  type IcsEntryJson,
  type IcsInvite,
  withdrawnEntry,
} from '../ical/index.js';
import {
  calendarQueries as q,
  registrationKey,
  shownRow,
  type Target,
} from '../calendars/index.js';
import { EventMail } from './event-mail.js';
import { firstName, mailAddress, whenText } from './mail-words.js';
import { captured, targetStill } from './registration-mail.js';

/** The outbox's kinds of mail about what happens to an event (queued in follow-edits.ts). */
export const EVENT_PUBLISHED_MAIL = 'event-published';
export const EVENT_UPDATED_MAIL = 'event-updated';
export const EVENT_CHANGE_MAIL = 'event-change';
export const EVENT_CANCELLED_MAIL = 'event-cancelled';

/** The organizer's notice of a new event: the event, read again when composed. */
export interface EventPublishedParams {
  targetId: string;
}

/** A registrant told of an edit made "with notification" that changed no time, place or status. */
export interface EventUpdatedParams {
  targetId: string;
  registrationId: string;
}

/**
 * A registrant's change notice: the occurrence as it is after the edit (`targetId`), the
 * changes in words as the edit made them, and the calendar entry the registrant held before
 * a split gave the occurrence another UID (`formerly`, as JSON: the edit rewrote it).
 */
export interface ChangeNoticeParams {
  targetId: string;
  registrationId: string;
  changes: Change[];
  cancelled: boolean;
  formerly: IcsEntryJson | null;
}

/**
 * A registrant of a deleted event or occurrence: the registration and the event are gone
 * once the deletion commits, so the row carries the words of the mail and the entry its
 * CANCEL .ics shows (`withdrawn`, as JSON).
 */
export interface EventCancelledParams {
  name: string;
  email: string;
  title: string;
  when: string;
  location: string;
  entry: IcsEntryJson;
}

/**
 * The mail about what happens to an event (EventMail's other half): to its organizer when it
 * is published, and to its registrants when it changes or is deleted. Each message is one
 * outbox row, queued in the transaction of the calendar's change (follow-edits.ts) and
 * composed here by `EventChangeComposers`.
 */
export class EventChangeMail extends EventMail {
  /** To the organizer, when an event is created with "Send notification emails". */
  async eventPublished(target: Target) {
    const row = shownRow(target);
    if (!row.contactId) return;
    const contact = await q.contactEmail(this.db, row.contactId);
    if (!contact?.email) return;
    await this.send(contact.email, target, () => ({
      subject: `On the calendar: ${row.title}`,
      preview: whenText(row),
      greeting: `Hi ${firstName(contact.firstName)},`,
      paragraphs: [
        `${row.title} is now on the chamber calendar, with you as its organizer.`,
        `When: ${whenText(row)}`,
        ...(row.location ? [`Where: ${row.location}`] : []),
      ],
      action: { label: 'View the event page', url: this.eventUrl(target) },
    }));
  }

  /** To a registrant of an event or occurrence, after a change with "toNotify". */
  async eventChanged(target: Target, registrant: { name: string; email: string }) {
    const row = shownRow(target);
    await this.send(registrant.email, target, () => ({
      subject: `Event updated: ${row.title}`,
      preview: whenText(row),
      greeting: `Hi ${firstName(registrant.name)},`,
      paragraphs: [
        `${row.title}, which you registered for, has changed. Here are the current details:`,
        `When: ${whenText(row)}`,
        ...(row.location ? [`Where: ${row.location}`] : []),
        'The attached calendar file has the new details.',
      ],
      action: { label: 'View event details', url: this.eventUrl(target) },
    }));
  }

  /**
   * To a registrant whose occurrence an edit moved, moved elsewhere or cancelled: one mail
   * naming each change (old → new), with the .ics as a new version of the entry the
   * confirmation made (REQUEST, or CANCEL when it is off).
   */
  async changeNotice(notice: ChangeNotice): Promise<void> {
    await this.mail.send((chamber) => this.composeChangeNotice(chamber, notice));
  }

  private async composeChangeNotice(chamber: ChamberIdentity, notice: ChangeNotice) {
    const { registration: r, target, changes, cancelled, formerly } = notice;
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    const filesSay = cancelled
      ? formerly
        ? 'The attached calendar files remove the event from your calendar.'
        : 'The attached calendar file removes the event from your calendar.'
      : formerly
        ? 'The attached calendar files replace the entry in your calendar: one adds the event as it is listed now, the other removes the earlier entry.'
        : 'The attached calendar file updates the event in your calendar.';
    const content: MailContent = {
      subject: cancelled ? `Cancelled: ${title}` : `Event updated: ${title}`,
      preview: changes.length
        ? changes.map((c) => `${c.what}: ${c.to}`).join('; ')
        : 'Your calendar entry for it changes.',
      greeting: `Hi ${firstName(r.name)},`,
      paragraphs: [
        cancelled
          ? `${title}, which you registered for, has been cancelled.`
          : changes.length
            ? `${title}, which you registered for, has changed:`
            : `${title}, which you registered for, is now listed as part of a new series of dates on the chamber's calendar. Its time and place have not changed.`,
        ...changes.map((c) => `${c.what}: ${c.from} → ${c.to}`),
        ...(cancelled
          ? [filesSay]
          : [
              `When: ${whenText(row)}`,
              ...(row.location ? [`Where: ${row.location}`] : []),
              filesSay,
            ]),
      ],
      action: { label: 'View event details', url: this.eventUrl(target) },
      note: `Questions? Reply to this message to reach the ${chamber.name}.`,
    };
    const invite: IcsInvite = {
      method: cancelled ? 'CANCEL' : 'REQUEST',
      organizer: { name: chamber.name, email: chamber.email || mailAddress(this.config.mailFrom) },
      attendee: { name: r.name, email: r.email },
    };
    // The new entry first: a mail app that acts on one calendar part only adds the event
    // (an earlier entry left over is better than none).
    const attachments = [await this.attachment(chamber, target, invite)];
    if (formerly) {
      const cancel = { ...invite, method: 'CANCEL' as const };
      attachments.push(
        await this.fileOf(chamber, withdrawnEntry(formerly), cancel, 'earlier entry'),
      );
    }
    return {
      to: r.email,
      ...renderMail(chamber, content),
      ...(chamber.email ? { replyTo: chamber.email } : {}),
      attachments,
    };
  }

  /**
   * To a registrant of an event or occurrence still to come that was deleted, with its .ics
   * as `METHOD:CANCEL` (a new version of the entry the confirmation made, cancelled), as a
   * change notice of a cancellation carries, so calendar apps take it off.
   */
  async eventCancelled(p: {
    name: string;
    email: string;
    title: string;
    when: string;
    location: string;
    entry: IcsEntry;
  }) {
    await this.mail.send(async (chamber) => {
      const invite: IcsInvite = {
        method: 'CANCEL',
        organizer: {
          name: chamber.name,
          email: chamber.email || mailAddress(this.config.mailFrom),
        },
        attendee: { name: p.name, email: p.email },
      };
      const content: MailContent = {
        subject: `Cancelled: ${p.title}`,
        preview: p.when,
        greeting: `Hi ${firstName(p.name)},`,
        paragraphs: [
          `${p.title}, which you registered for, has been cancelled and taken off the calendar.`,
          `When: ${p.when}`,
          ...(p.location ? [`Where: ${p.location}`] : []),
          'Your registration has been removed; there is nothing you need to do. If you added the event to your calendar, you can delete it there.',
        ],
        action: { label: 'See upcoming events', url: `${this.config.publicUrl}/calendar` },
        note: `Questions? Reply to this message to reach the ${chamber.name}.`,
      };
      return {
        to: p.email,
        ...renderMail(chamber, content),
        ...(chamber.email ? { replyTo: chamber.email } : {}),
        attachments: [await this.fileOf(chamber, p.entry, invite)],
      };
    });
  }
}

/**
 * The outbox's composers of the mail about what happens to an event: each reads again what
 * still exists (the event, the registration) and answers null when nobody is left to mail
 * (the registration was cancelled meanwhile, the event deleted). A deleted event's
 * cancellation is composed from its row's strings alone.
 */
export class EventChangeComposers {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Registers the composers with the outbox. */
  register(outbox: MailOutbox): void {
    outbox.register(EVENT_PUBLISHED_MAIL, (p) =>
      this.published(p as unknown as EventPublishedParams),
    );
    outbox.register(EVENT_UPDATED_MAIL, (p) => this.updated(p as unknown as EventUpdatedParams));
    outbox.register(EVENT_CHANGE_MAIL, (p) =>
      this.changeNotice(p as unknown as ChangeNoticeParams),
    );
    outbox.register(EVENT_CANCELLED_MAIL, (p) =>
      this.cancelled(p as unknown as EventCancelledParams),
    );
  }

  private target(id: string): Promise<Target | null> {
    return targetStill(this.db, id);
  }

  /** The registration, while it is still one for `target`. */
  private async registrant(id: string, target: Target) {
    const row = await q.findRegistration(this.db, id);
    const { eventId, occurrenceKey } = registrationKey(target);
    return row?.eventId === eventId && row.occurrenceKey === occurrenceKey ? row : null;
  }

  private async compose(write: (mail: EventChangeMail) => Promise<unknown>) {
    const { sink, taken } = captured();
    await write(new EventChangeMail(this.db, this.config, this.clock, sink));
    return taken();
  }

  async published(p: EventPublishedParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    if (!target) return null;
    return this.compose((mail) => mail.eventPublished(target));
  }

  async updated(p: EventUpdatedParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    const registration = target && (await this.registrant(p.registrationId, target));
    if (!target || !registration) return null;
    return this.compose((mail) => mail.eventChanged(target, registration));
  }

  async changeNotice(p: ChangeNoticeParams): Promise<Compose | null> {
    const target = await this.target(p.targetId);
    const registration = target && (await this.registrant(p.registrationId, target));
    if (!target || !registration) return null;
    const notice: ChangeNotice = {
      registration,
      target,
      changes: p.changes,
      cancelled: p.cancelled,
      formerly: p.formerly ? entryFromJson(p.formerly) : null,
    };
    return this.compose((mail) => mail.changeNotice(notice));
  }

  async cancelled(p: EventCancelledParams): Promise<Compose | null> {
    const entry = entryFromJson(p.entry);
    return this.compose((mail) => mail.eventCancelled({ ...p, entry }));
  }
}
