import QRCode from 'qrcode';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import { type ChamberIdentity, type MailContent, renderMail } from '../../lib/mail/templates.js';
import {
  ICS_CONTENT_TYPE,
  ICS_METHOD,
  type IcsEntry,
  icsEntryFor,
  icsFileName,
  type IcsInvite,
  renderCalendar,
} from '../ical/index.js';
import {
  calendarQueries as q,
  type EventRow,
  type RegistrationRow,
  shownRow,
  type Target,
  viewOfTarget,
} from '../calendars/index.js';
import { firstName, whenInstant, whenText } from './mail-words.js';

/**
 * The check-in QR as a mail attachment: grey, not RGBA, and every row filtered by 'up'
 * instead of pngjs trying all five filters per row. A two-tone image loses nothing by it;
 * the PNG is 1.5 kB instead of 2.4 kB and costs a third of the CPU (about 6 ms instead of
 * 17 ms each, which a rush of confirmations paid one after the other).
 */
const pngOptions = { colorType: 0, filterType: 2 };
export const QR_PNG: QRCode.QRCodeToBufferOptions = {
  margin: 2,
  width: 320,
  // qrcode hands these to pngjs as they are; its types list only the deflate settings.
  rendererOpts: pngOptions as QRCode.QRCodeToBufferOptions['rendererOpts'],
};

/** An order's tickets and attendees as its confirmation lists them. */
export interface OrderMail {
  /** Each line: "1 × Table of 8". */
  lines: string[];
  /** Each attendee: its place, its name (or "name to come") and its QR code. */
  attendees: { position: number; label: string; code: string }[];
}

/** One date of a series registration as its mail lists it. */
export interface SeriesDate {
  row: EventRow;
  eventId: string;
  /** `already`: the address had registered for this date; nothing changed there. */
  status: 'seated' | 'waitlisted' | 'already';
  position: number | null;
  manageUrl: string | null;
}

/** The mail the calendar sends, each with the event's .ics attached. */
export class EventMail {
  constructor(
    protected readonly db: Database,
    protected readonly config: Config,
    protected readonly clock: Clock,
    protected readonly mail: MailDelivery,
  ) {}

  protected async attachment(chamber: ChamberIdentity, target: Target, invite?: IcsInvite) {
    return this.fileOf(chamber, await icsEntryFor(this.db, target), invite);
  }

  /** One entry's .ics as a mail attachment, named after its title (`name` added to it). */
  protected async fileOf(chamber: ChamberIdentity, entry: IcsEntry, invite?: IcsInvite, name = '') {
    const { row } = entry;
    const calendar = await q.findCalendar(this.db, row.calendarId);
    const content = renderCalendar(
      {
        calendarName: calendar?.name || chamber.name,
        timezone: calendar?.timezone ?? row.timezone,
        publicUrl: this.config.publicUrl,
        stamp: this.clock.now(),
      },
      [entry],
      invite ?? null,
    );
    return {
      filename: icsFileName(name ? `${row.title} ${name}` : row.title),
      content,
      // RFC 6047: a text/calendar part names the METHOD of the object it carries.
      contentType: `${ICS_CONTENT_TYPE}; method=${invite?.method ?? ICS_METHOD}`,
    };
  }

  /**
   * Sends one message; with a target, its .ics is attached, and the QR of a check-in code.
   * `auto`: sent on the portal's own initiative, not in answer to something the recipient did,
   * which the message says (`Auto-Submitted`).
   */
  protected async send(
    to: string,
    target: Target | null,
    content: (chamber: ChamberIdentity) => MailContent,
    extra: {
      checkInCode?: string | undefined;
      /** An order's attendees: each one's own QR code, attached as attendee-N-qr.png. */
      attendeeCodes?: { position: number; code: string }[] | undefined;
      invite?: (chamber: ChamberIdentity) => IcsInvite;
      auto?: true;
    } = {},
  ) {
    const { checkInCode, attendeeCodes, invite, auto } = extra;
    await this.mail.send(async (chamber) => ({
      to,
      ...renderMail(chamber, content(chamber)),
      ...(chamber.email ? { replyTo: chamber.email } : {}),
      ...(auto ? { auto } : {}),
      attachments: [
        ...(target ? [await this.attachment(chamber, target, invite?.(chamber))] : []),
        ...(checkInCode
          ? [
              {
                filename: 'check-in-qr.png',
                content: await QRCode.toBuffer(checkInCode, QR_PNG),
                contentType: 'image/png',
              },
            ]
          : []),
        ...(await Promise.all(
          (attendeeCodes ?? []).map(async (a) => ({
            filename: `attendee-${a.position}-qr.png`,
            content: await QRCode.toBuffer(a.code, QR_PNG),
            contentType: 'image/png',
          })),
        )),
      ],
    }));
  }

  /** `send` for a message on the portal's own initiative (a reminder, seats offered). */
  protected sendAutomatic(
    to: string,
    target: Target | null,
    content: (chamber: ChamberIdentity) => MailContent,
  ) {
    return this.send(to, target, content, { auto: true });
  }

  protected eventUrl(target: Target) {
    return `${this.config.publicUrl}/events/${encodeURIComponent(viewOfTarget(target).id)}`;
  }

  /**
   * To a registrant: registered (or registration updated), when and where, the .ics, and the
   * manage link when this mail carries a fresh one.
   */
  async registrationConfirmed(
    target: Target,
    registration: RegistrationRow,
    options: {
      updated: boolean;
      manageUrl?: string;
      checkInCode?: string;
      ticketLine?: string;
      order?: OrderMail | null;
    },
  ) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    const others = registration.guests - 1;
    const { updated, manageUrl, checkInCode, ticketLine, order } = options;
    await this.send(
      registration.email,
      target,
      (chamber) => ({
        subject: updated ? `Registration updated: ${title}` : `You're registered: ${title}`,
        preview: `${whenText(row)}${row.location ? ` at ${row.location}` : ''}`,
        greeting: `Hi ${firstName(registration.name)},`,
        paragraphs: [
          updated
            ? `We've updated your registration for ${title}.`
            : `Thank you for registering for ${title}. We look forward to seeing you${others > 0 ? ` and your ${others} guest${others === 1 ? '' : 's'}` : ''}.`,
          `When: ${whenText(row)}`,
          ...(row.location ? [`Where: ${row.location}`] : []),
          ...(order
            ? [
                `Tickets: ${order.lines.join('; ')}`,
                `Attendees: ${order.attendees.map((a) => `${a.position}. ${a.label}`).join('; ')}`,
                'Each attendee has their own QR code attached (attendee-1-qr.png, …) and on your order page, where you can fill in or change names until the event starts.',
              ]
            : [`Party size: ${registration.guests}`]),
          ...(ticketLine ? [ticketLine] : []),
          'The attached calendar file adds the event to your calendar.',
          ...(checkInCode
            ? [
                'At the door, show the attached QR code (check-in-qr.png), or the one on your registration page, to be checked in.',
              ]
            : []),
        ],
        ...this.links(target, manageUrl),
        note: manageUrl
          ? `Plans changed? The link above changes your party size and details or cancels your registration; it works for this address only, so keep it to yourself. Questions? Reply to reach the ${chamber.name}.`
          : `To change or cancel it again, use the link in your latest registration email, or reply to this message to reach the ${chamber.name}.`,
      }),
      { checkInCode, attendeeCodes: order?.attendees },
    );
  }

  /**
   * To a party registered for every upcoming date of a series: one mail listing each date,
   * registered or on the waiting list, with that date's own manage link. The series' .ics
   * is attached; each date's QR code is on its registration page.
   */
  async seriesRegistered(
    series: EventRow,
    party: { name: string; email: string; guests: number },
    dates: SeriesDate[],
    options: { ticketLine?: string | undefined },
  ) {
    const title = series.title.trim() || 'Untitled Event';
    const line = (d: SeriesDate) => {
      const state =
        d.status === 'seated'
          ? 'registered'
          : d.status === 'waitlisted'
            ? `on the waiting list (number ${d.position ?? 1})`
            : 'already registered, nothing changed (use the link of that registration)';
      return `${whenText(d.row)}: ${state}${d.manageUrl ? `. Manage this date: ${d.manageUrl}` : ''}`;
    };
    const waiting = dates.filter((d) => d.status === 'waitlisted').length;
    await this.send(party.email, { kind: 'series', row: series }, (chamber) => ({
      subject: `You're registered for ${dates.length} dates: ${title}`,
      preview: waiting > 0 ? `On the waiting list for ${waiting}` : 'Every upcoming date',
      greeting: `Hi ${firstName(party.name)},`,
      paragraphs: [
        `Thank you for registering for every upcoming date of ${title}, party size ${party.guests}.`,
        ...(series.location ? [`Where: ${series.location}`] : []),
        ...dates.map(line),
        ...(waiting > 0
          ? [
              'On a sold-out date, when seats free up we offer them to the first waiting party they fit, by email, with a link to take them.',
            ]
          : []),
        ...(options.ticketLine ? [options.ticketLine] : []),
        'The attached calendar file adds the series to your calendar. Each date has its own check-in QR code on its registration page.',
      ],
      link: {
        label: 'View event details',
        url: `${this.config.publicUrl}/events/${encodeURIComponent(dates[0]!.eventId)}`,
      },
      note: `Each link changes or cancels that one date; they work for this address only, so keep them to yourself. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** To a party that registered when the seats were taken: their place on the waiting list. */
  async joinedWaitlist(
    target: Target,
    registration: RegistrationRow,
    position: number,
    manageUrl: string,
  ) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    await this.send(registration.email, null, (chamber) => ({
      subject: `You're on the waiting list: ${title}`,
      preview: `Number ${position} on the waiting list`,
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `${title} is sold out, so your party of ${registration.guests} is number ${position} on the waiting list.`,
        `When: ${whenText(row)}`,
        'When seats free up, we offer them to the first waiting party they fit, by email, with a link to take them. You are not registered until you take them.',
      ],
      action: { label: 'Leave the waiting list or change your party', url: manageUrl },
      link: { label: 'View event details', url: this.eventUrl(target) },
      note: `The link works for this address only. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** To a waiting party: seats are kept for them until `holdUntil`, taken through the link. */
  async seatsOffered(target: Target, registration: RegistrationRow, manageUrl: string) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    const until = whenInstant(registration.holdUntil!, row.timezone);
    await this.sendAutomatic(registration.email, null, (chamber) => ({
      subject: `Seats are free for you: ${title}`,
      preview: `Take them by ${until}`,
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `Good news: ${registration.guests} seat${registration.guests === 1 ? '' : 's'} for ${title} freed up, and they are yours if you take them by ${until}.`,
        `When: ${whenText(row)}`,
        ...(row.location ? [`Where: ${row.location}`] : []),
        'After that time the seats go to the next party on the waiting list.',
      ],
      action: { label: 'Take your seats', url: manageUrl },
      link: { label: 'View event details', url: this.eventUrl(target) },
      note: `Cannot come after all? Use the same link to leave the waiting list. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /**
   * To the address of a registration that someone asked to register again without proving
   * the mailbox: nothing was changed, here is the link that can change it.
   */
  async registrationAlreadyMade(target: Target, registration: RegistrationRow, manageUrl: string) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    await this.send(registration.email, target, (chamber) => ({
      subject: `You're already registered: ${title}`,
      preview: 'Nothing was changed. Use the link in this message to change or cancel.',
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `Someone, hopefully you, asked to register this email address for ${title} again. You were already registered, so nothing was changed.`,
        `When: ${whenText(row)}`,
        ...(row.location ? [`Where: ${row.location}`] : []),
        `Party size: ${registration.guests}`,
        'To change your party size or details, or to cancel, use the link below; the link in your earlier registration email works too.',
      ],
      ...this.links(target, manageUrl),
      note: `If you did not ask for this, there is nothing to do: your registration stays as it was. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** To a registrant who asked for a new manage link: it, and that earlier ones stopped working. */
  async newManageLink(target: Target, registration: RegistrationRow, manageUrl: string) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    await this.send(registration.email, null, (chamber) => ({
      subject: `Your new registration link: ${title}`,
      preview: 'Links in earlier emails no longer work.',
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `As you asked, here is a new link to change or cancel your registration for ${title}. The links in earlier emails no longer work.`,
        `When: ${whenText(row)}`,
        `Party size: ${registration.guests}`,
      ],
      ...this.links(target, manageUrl),
      note: `If you did not ask for this, someone else holds one of your links: this new one is the only one that works now. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** To a registrant, the set number of hours before: when, where, the .ics, the manage link. */
  async reminder(target: Target, registration: RegistrationRow, manageUrl: string) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    await this.sendAutomatic(registration.email, target, (chamber) => ({
      subject: `Reminder: ${title}`,
      preview: `${whenText(row)}${row.location ? ` at ${row.location}` : ''}`,
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `A reminder that you're registered for ${title}. We look forward to seeing you.`,
        `When: ${whenText(row)}`,
        ...(row.location ? [`Where: ${row.location}`] : []),
        `Party size: ${registration.guests}`,
        'The attached calendar file adds the event to your calendar.',
      ],
      ...this.links(target, manageUrl),
      note: `Plans changed? The link above changes your party size and details or cancels your registration, as the one in your confirmation does. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** To a registrant who cancelled through the manage link (the registration is gone). */
  async registrationCancelled(target: Target, registration: { name: string; email: string }) {
    const row = shownRow(target);
    const title = row.title.trim() || 'Untitled Event';
    await this.send(registration.email, null, (chamber) => ({
      subject: `Registration cancelled: ${title}`,
      preview: whenText(row),
      greeting: `Hi ${firstName(registration.name)},`,
      paragraphs: [
        `Your registration for ${title} is cancelled. If you added the event to your calendar, you can delete it there.`,
        `When: ${whenText(row)}`,
      ],
      action: { label: 'View event details', url: this.eventUrl(target) },
      note: `Changed your mind? Register again on the event page. Questions? Reply to reach the ${chamber.name}.`,
    }));
  }

  /** The button (the manage link when there is one, else the event) and the plainer link. */
  protected links(target: Target, manageUrl: string | undefined) {
    const event = { label: 'View event details', url: this.eventUrl(target) };
    return manageUrl
      ? { action: { label: 'Change or cancel your registration', url: manageUrl }, link: event }
      : { action: event };
  }
}
