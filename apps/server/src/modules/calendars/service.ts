import {
  type Appointment,
  type Calendar,
  type CreateEvent,
  type DeleteEventResult,
  type EventCustomFields,
  eventMessages,
  type EventList,
  type listEventsQuerySchema,
  MAX_EVENTS_PER_WINDOW,
  type RecurringEventUpdateType,
  type seriesCustomFieldsUpdateSchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { isStaff, type Session } from '../../plugins/auth.js';
import { assertCanCreateEvents, assertCanEdit, canEditEvent } from './access.js';
import { listWindow } from './listing.js';
import {
  type AfterCommit,
  type CancelledRegistration,
  type EditScope,
  EventAnnouncements,
  type EventTickets,
} from './announcements.js';
import { readEventBody } from './payload.js';
import * as q from './queries.js';
import type { EventRow } from './queries.js';
import { Recurrence } from './recurrence.js';
import { endRuleBefore, normalizeRule } from './series-rules.js';
import { compactUtc, parseCompactUtc } from './rule-text.js';
import { updateOccurrence, updateSeries, updateSingle, type UpdateBody } from './series-edit.js';
import { ownerRow, registrationKey, resolveTarget, shownRow, type Target } from './targets.js';
import { countsOf, organizerOf, toAppointment, toCalendarEvent, viewOfTarget } from './view.js';

type WindowQuery = z.output<typeof listEventsQuerySchema>;
type SeriesFieldsBody = z.output<typeof seriesCustomFieldsUpdateSchema>;

const calendarNotFound = () => new AppError('not_found', 'Calendar not found');

export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly tickets: EventTickets | null = null,
    /** Where edits and deletions are announced (change notices follow them). */
    private readonly announcements: EventAnnouncements = new EventAnnouncements(),
  ) {}

  async calendar(id: string, db: Executor = this.db): Promise<Calendar> {
    const row = await q.findCalendar(db, id);
    if (!row) throw calendarNotFound();
    const { name, description, locationId, timezone } = row;
    return { id: row.id, name: name || 'RACC Events', description, locationId, timezone };
  }

  async list(calendarId: string, query: WindowQuery, viewer: Session | null): Promise<EventList> {
    const calendar = await this.calendar(calendarId);
    const currency = this.tickets ? await this.tickets.currency() : 'USD';
    return listWindow(this.db, calendar, query, viewer, MAX_EVENTS_PER_WINDOW, (row) =>
      this.tickets ? this.tickets.ticketView(row, viewer, currency) : null,
    );
  }

  /** One event or occurrence; its editors also get the registrations. */
  async appointment(id: string, viewer: Session | null, db: Executor = this.db) {
    return this.appointmentOf(await resolveTarget(db, id), viewer, db);
  }

  async appointmentOf(target: Target, viewer: Session | null, db: Executor = this.db) {
    const canEdit = canEditEvent(viewer, ownerRow(target));
    const { eventId, occurrenceKey } = registrationKey(target);
    const registrations =
      target.kind === 'series' ? [] : await q.listRegistrations(db, eventId, occurrenceKey);
    const counts = countsOf(registrations);
    const event = toCalendarEvent(viewOfTarget(target), {
      canEdit,
      counts,
      attendees: registrations,
      ticket: this.tickets ? await this.tickets.ticketOf(shownRow(target), viewer, db) : null,
    });
    // A member's own event is organized by its business, not by the chamber.
    const { contactId } = ownerRow(target);
    const contact = contactId ? await q.organizerContact(db, contactId) : undefined;
    return toAppointment(event, contact ? organizerOf(contact) : null);
  }

  target(id: string): Promise<Target> {
    return resolveTarget(this.db, id);
  }

  async customFields(id: string, viewer: Session | null): Promise<EventCustomFields> {
    const target = await resolveTarget(this.db, id);
    const row = shownRow(target);
    return {
      pageUrl: row.pageUrl,
      coverImageUrl: row.coverImageUrl,
      downloadFileUrl: row.downloadFileUrl,
      internalNote: canEditEvent(viewer, ownerRow(target)) ? row.internalNote : '',
    };
  }

  async create(body: CreateEvent & UpdateBody, viewer: Session | null): Promise<Appointment> {
    const { appointment, announce } = await this.createAnnounced(body, viewer);
    await announce();
    return appointment;
  }

  /**
   * Creates an event or series; when its creator asked for it to be made known (`toNotify`),
   * the followers (the organizer's mail) are told in the same transaction, and `announce`
   * is theirs to call once it has committed.
   */
  async createAnnounced(
    body: CreateEvent & UpdateBody,
    viewer: Session | null,
  ): Promise<{ appointment: Appointment; announce: AfterCommit }> {
    const session = assertCanCreateEvents(viewer);
    const calendar = body.calendarId
      ? await q.findCalendar(this.db, body.calendarId)
      : await q.defaultCalendar(this.db);
    if (!calendar) throw calendarNotFound();
    const values = readEventBody({ ...body, calendarId: calendar.id }, null, {
      calendarId: calendar.id,
      timezone: calendar.timezone,
    });
    values.contactId = await this.organizerFor(body.contactId, session);
    const rule = body.rrule
      ? normalizeRule(body.rrule, values.startTime, values.endTime, values.timezone)
      : null;
    const recurrenceEnd = rule
      ? new Recurrence({ ...values, rrule: rule, exdates: [] }).lastEnd()
      : null;
    return this.db.transaction(async (tx) => {
      const row = await q.insertEvent(tx, {
        ...values,
        rrule: rule,
        recurrenceEnd,
        createdBy: session.user.id,
      });
      const created = this.firstOf(row);
      const announce: AfterCommit = body.toNotify
        ? await this.announcements.published(tx, created)
        : async () => {};
      return { appointment: await this.appointmentOf(created, session, tx), announce };
    });
  }

  /**
   * docs/product.md#validation: the user must have a contact. Members organize as their own contact; staff may
   * name any contact, or none.
   */
  private async organizerFor(requested: string | null | undefined, session: Session) {
    const own = session.user.contactId;
    if (!isStaff(session)) {
      if (!own) throw new AppError('validation_failed', eventMessages.contactRequired);
      if (requested && requested !== own) {
        throw new AppError('forbidden', 'You can only create events for your own business.');
      }
      return own;
    }
    if (!requested) return own;
    if (!isUuid(requested) || !(await q.contactExists(this.db, requested))) {
      throw new AppError('validation_failed', 'Contact not found.');
    }
    return requested;
  }

  private firstOf(row: EventRow): Target {
    return row.rrule
      ? { kind: 'occurrence', series: row, override: null, originalStart: row.startTime }
      : { kind: 'single', row };
  }

  /**
   * Changes an event, an occurrence or a series from one on. Answers the event and a notice
   * for each registrant whose occurrence changed in time, place or status.
   */
  async update(
    id: string,
    body: UpdateBody,
    session: Session | null,
  ): Promise<{ appointment: Appointment; announce: AfterCommit }> {
    return this.db.transaction(async (tx) => {
      const target = await resolveTarget(tx, id, true);
      const type = body.recurringEventUpdateType ?? 'this_event';
      const scope: EditScope =
        target.kind !== 'occurrence' || type === 'all_events'
          ? { kind: 'all' }
          : type === 'this_event'
            ? { kind: 'event' }
            : { kind: 'from', key: compactUtc(target.originalStart) };
      // Followers (the registrations' change notices) read the event as it was.
      const afterEdit = await this.announcements.editing({
        tx,
        target,
        scope,
        now: this.clock.now(),
        notify: Boolean(body.toNotify) && type === 'this_event',
      });
      const owner = ownerRow(target);
      const editor = assertCanEdit(session, owner);
      if (body.calendarId && !(await q.findCalendar(tx, body.calendarId))) {
        throw calendarNotFound();
      }
      const ctx = {
        tx,
        now: this.clock.now(),
        defaults: { calendarId: owner.calendarId, timezone: owner.timezone },
      };
      // The organizer is set at creation: the spec's form sends the editor's own contact id
      // with every save, which must not hand a member's event to the staff who edited it.
      const change = { ...body, contactId: undefined };
      let result: Target;
      if (target.kind === 'single') result = await updateSingle(ctx, target.row, change);
      else if (target.kind === 'series') {
        result = await updateSeries(
          ctx,
          target.row,
          target.row,
          target.row.startTime,
          change,
          true,
        );
      } else {
        result =
          type === 'this_event'
            ? await updateOccurrence(ctx, target, change)
            : await updateSeries(
                ctx,
                target.series,
                shownRow(target),
                target.originalStart,
                change,
                type === 'all_events',
              );
      }
      return {
        appointment: await this.appointmentOf(result, editor, tx),
        announce: await afterEdit(tx, result),
      };
    });
  }

  /**
   * Deletes an event, an occurrence, the following occurrences or a series; the followers
   * (the registrants' mail) are told in its transaction whose registrations it cancelled,
   * and `announce` is theirs to call once it has committed.
   */
  async remove(
    id: string,
    type: RecurringEventUpdateType | undefined,
    session: Session | null,
  ): Promise<{ result: DeleteEventResult; announce: AfterCommit }> {
    return this.db.transaction(async (tx) => {
      const { result, cancelled } = await this.deleteTarget(tx, id, type, session);
      return { result, announce: await this.announcements.cancelled(tx, cancelled) };
    });
  }

  private async deleteTarget(
    tx: Executor,
    id: string,
    type: RecurringEventUpdateType | undefined,
    session: Session | null,
  ): Promise<{ result: DeleteEventResult; cancelled: CancelledRegistration[] }> {
    const target = await resolveTarget(tx, id, true);
    assertCanEdit(session, ownerRow(target));
    const now = this.clock.now();
    // The registrations deleted (by cascade or by key) move their seat counters.
    await q.lockSeatsOfEvents(tx, [ownerRow(target).id]);
    if (target.kind === 'single') {
      const cancelled = upcoming(
        (await q.listRegistrations(tx, target.row.id, '')).map((registration) => ({
          registration,
          event: target.row,
          target,
        })),
        now,
      );
      await q.deleteEvent(tx, target.row.id);
      await q.forgetRetiredIdsOf(tx, target.row.id, 'all');
      return { result: { success: true, scope: 'event' }, cancelled };
    }
    const series = target.kind === 'series' ? target.row : target.series;
    const from = target.kind === 'occurrence' ? target.originalStart : series.startTime;
    const scope = target.kind === 'series' ? 'all_events' : (type ?? 'this_event');
    const fromFirst = from.getTime() === series.startTime.getTime();
    const key = compactUtc(from);
    const cancelled = upcoming(
      await occurrenceRegistrations(tx, series, (k) =>
        scope === 'all_events' ? true : scope === 'this_event' ? k === key : k >= key,
      ),
      now,
    );
    if (scope === 'all_events' || (fromFirst && scope === 'this_and_following_events')) {
      await q.deleteSeries(tx, series.id);
      await q.forgetRetiredIdsOf(tx, series.id, 'all');
      return { result: { success: true, scope: 'series' }, cancelled };
    }
    if (scope === 'this_event') {
      const exdates = [...series.exdates.filter((d) => d.getTime() !== from.getTime()), from];
      await q.updateEvent(tx, series.id, { exdates, updatedAt: now });
      if (target.kind === 'occurrence' && target.override)
        await q.deleteEvent(tx, target.override.id);
      await q.deleteRegistrations(tx, series.id, key);
      await q.forgetRetiredIdsOf(tx, series.id, { only: key });
      return { result: { success: true, scope: 'occurrence' }, cancelled };
    }
    const rule = endRuleBefore({ ...series, rrule: series.rrule! }, from);
    const exdates = series.exdates.filter((d) => d < from);
    await q.updateEvent(tx, series.id, {
      rrule: rule,
      exdates,
      recurrenceEnd: new Recurrence({ ...series, rrule: rule, exdates }).lastEnd(),
      updatedAt: this.clock.now(),
    });
    await q.deleteOverridesFrom(tx, series.id, from);
    await q.deleteRegistrations(tx, series.id, key, true);
    await q.forgetRetiredIdsOf(tx, series.id, { from: key });
    return { result: { success: true, scope: 'this_and_following_events' }, cancelled };
  }

  /** The custom fields on every stored record of the event's series (or on the event). */
  async setSeriesCustomFields(id: string, body: SeriesFieldsBody, session: Session | null) {
    return this.db.transaction(async (tx) => {
      const target = await resolveTarget(tx, id, true);
      const owner = ownerRow(target);
      assertCanEdit(session, owner);
      const rows =
        target.kind === 'single' ? [owner] : [owner, ...(await q.listOverrides(tx, owner.id))];
      const fields = body.customFields;
      let updatedCount = 0;
      for (const row of rows) {
        const changes = Object.fromEntries(
          Object.entries(fields).filter(
            ([key, value]) => value !== undefined && row[key as keyof typeof fields] !== value,
          ),
        );
        if (Object.keys(changes).length === 0) continue;
        await q.updateEvent(tx, row.id, { ...changes, updatedAt: this.clock.now() });
        updatedCount += 1;
      }
      return { updatedCount };
    });
  }
}

/** Only people expecting an event still to come are told it is off. */
function upcoming(list: CancelledRegistration[], now: Date): CancelledRegistration[] {
  return list.filter((c) => c.event.startTime > now);
}

/** The series' registrations whose occurrence key `matches`, each with its occurrence as shown. */
async function occurrenceRegistrations(
  tx: Executor,
  series: EventRow,
  matches: (key: string) => boolean,
): Promise<CancelledRegistration[]> {
  const registrations = (await q.registrationsOf(tx, series.id)).filter((r) =>
    matches(r.occurrenceKey),
  );
  if (registrations.length === 0) return [];
  const overrides = await q.overridesOf(tx, [series.id]);
  return registrations.flatMap((registration) => {
    const originalStart = parseCompactUtc(registration.occurrenceKey);
    if (!originalStart) return [];
    const override =
      overrides.find((o) => o.originalStart?.getTime() === originalStart.getTime()) ?? null;
    const target: Target = { kind: 'occurrence', series, override, originalStart };
    return [{ registration, event: shownRow(target), target }];
  });
}
