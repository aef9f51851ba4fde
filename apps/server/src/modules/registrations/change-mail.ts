import { type ChamberIdentity, type MailContent, renderMail } from '../../lib/mail/templates.js';
import type { ChangeNotice } from './change-notices.js';
import { type IcsInvite, withdrawn, withdrawnEntry } from '../ical/index.js';
import {
  calendarQueries as q,
  type CancelledRegistration,
  registrationKey,
  shownRow,
  type Target,
} from '../calendars/index.js';
import { EventMail } from './event-mail.js';
import { firstName, mailAddress, whenText } from './mail-words.js';

/**
 * The mail about what happens to an event (EventMail's other half): to its organizer when it
 * is published, and to its registrants when it changes or is deleted; sent as the calendar
 * announces it (follow-edits.ts).
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

  /** To each registrant of an event or occurrence, after a change with "toNotify". */
  async eventChanged(target: Target): Promise<number> {
    const row = shownRow(target);
    const { eventId, occurrenceKey } = registrationKey(target);
    const registrations = await q.listRegistrations(this.db, eventId, occurrenceKey);
    for (const r of registrations) {
      await this.send(r.email, target, () => ({
        subject: `Event updated: ${row.title}`,
        preview: whenText(row),
        greeting: `Hi ${firstName(r.name)},`,
        paragraphs: [
          `${row.title}, which you registered for, has changed. Here are the current details:`,
          `When: ${whenText(row)}`,
          ...(row.location ? [`Where: ${row.location}`] : []),
          'The attached calendar file has the new details.',
        ],
        action: { label: 'View event details', url: this.eventUrl(target) },
      }));
    }
    return registrations.length;
  }

  /**
   * To each registrant whose occurrence an edit moved, moved elsewhere or cancelled: one mail
   * naming each change (old → new), with the .ics as a new version of the entry the
   * confirmation made (REQUEST, or CANCEL when it is off). Sent after the answer.
   */
  changeNotices(notices: ChangeNotice[]): void {
    for (const notice of notices) {
      this.mail.sendLater('event-change', (chamber) => this.composeChangeNotice(chamber, notice));
    }
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
   * To each registrant of an event or occurrence still to come that was deleted, with its
   * .ics as `METHOD:CANCEL` (a new version of the entry the confirmation made, cancelled), as
   * a change notice of a cancellation carries, so calendar apps take it off.
   */
  async eventCancelled(cancelled: CancelledRegistration[]): Promise<number> {
    for (const { registration, event, target } of cancelled) {
      const title = event.title.trim() || 'Untitled Event';
      const invite = (chamber: ChamberIdentity): IcsInvite => ({
        method: 'CANCEL',
        organizer: {
          name: chamber.name,
          email: chamber.email || mailAddress(this.config.mailFrom),
        },
        attendee: { name: registration.name, email: registration.email },
      });
      await this.send(
        registration.email,
        withdrawn(target),
        (chamber) => ({
          subject: `Cancelled: ${title}`,
          preview: whenText(event),
          greeting: `Hi ${firstName(registration.name)},`,
          paragraphs: [
            `${title}, which you registered for, has been cancelled and taken off the calendar.`,
            `When: ${whenText(event)}`,
            ...(event.location ? [`Where: ${event.location}`] : []),
            'Your registration has been removed; there is nothing you need to do. If you added the event to your calendar, you can delete it there.',
          ],
          action: { label: 'See upcoming events', url: `${this.config.publicUrl}/calendar` },
          note: `Questions? Reply to this message to reach the ${chamber.name}.`,
        }),
        { invite },
      );
    }
    return cancelled.length;
  }
}
