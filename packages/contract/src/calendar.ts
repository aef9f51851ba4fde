import { z } from 'zod';
import { linkField, text } from './calendar-fields.js';
import { appointmentStatuses, eventStatuses } from './vocabulary.js';
import {
  eventTicketSchema,
  refundCutoffHoursSchema,
  ticketPaymentSchema,
  ticketPriceCentsSchema,
} from './event-tickets.js';

/**
 * The calendar API (docs/product.md#api-calls Calendar), under /api:
 *
 *   GET    /calendars/{calendarId}/events?startDate&endDate&_t   → EventList
 *   GET    /calendars/{calendarId}                               → Calendar
 *   GET    /calendars/{calendarId}/feed.ics                      → text/calendar (public feed)
 *   POST   /calendars/appointments            CreateEvent        → 201 Appointment
 *   GET    /calendars/appointments/{id}                          → Appointment
 *   PUT    /calendars/appointments/{id}       UpdateEvent        → Appointment
 *   DELETE /calendars/appointments/{id}?recurringEventUpdateType → DeleteEventResult
 *   GET    /calendars/appointments/{id}/custom-fields?_t         → EventCustomFields
 *   POST   /calendars/appointments/{id}/recurring-series-custom-fields
 *                                             SeriesCustomFieldsUpdate → { updatedCount }
 *   GET    /calendars/appointments/{id}/ics                      → text/calendar (one event)
 *   POST   /calendars/appointments/{id}/registrations  RegisterForEvent → 201/200 RegistrationResult
 *   GET    /calendars/appointments/{id}/registrations            → RegistrationList (organizers)
 *
 * Ids: a single event or a series has a uuid. Each occurrence of a series has the id
 * `<seriesId>_<original start, UTC, YYYYMMDDTHHMMSSZ>` (e.g.
 * `3f2c…e1_20260317T133000Z`); it stays the same when that occurrence is edited or moved. An
 * occurrence id works everywhere an event id does. Errors answer `{ error, message }`
 * (ApiError) with 400, 401, 403, 404 or 429.
 */

export * from './calendar-limits.js';

/** docs/product.md#validation Event form and docs/product.md#errors: the exact sentences the server answers (400) and the form shows. */
export const eventMessages = {
  titleRequired: 'Event title is required.',
  startRequired: 'Start date and time are required.',
  endRequired: 'End date and time are required.',
  endAfterStart: 'End time must be after start time.',
  contactRequired: 'User contact ID not found. Please log in again.',
  capacity: 'Capacity must be a whole number of seats from 1 to 100000',
  reminderHours: 'Reminder must be a whole number of hours from 1 to 168',
  price: 'Enter the price in dollars, e.g. 25 or 25.00; leave it empty for free',
  refundCutoffHours: 'The refund cut-off is a whole number of hours from 0 to 720',
} as const;

export const appointmentStatusSchema = z.enum(appointmentStatuses);
export const eventStatusSchema = z.enum(eventStatuses);

/**
 * How a change to an occurrence of a series applies (docs/product.md#states Recurring edit):
 * - `this_event` ("Update only this event"): only that occurrence changes (stored as an
 *   override of it). This is also what a PUT to an occurrence id without the field means.
 * - `this_and_following_events` ("Update all future events"): the series ends before the
 *   occurrence and a new series with the changes starts at it (at the first occurrence: the
 *   whole series changes in place). Answered with the first event of the new series.
 * - `all_events`: the whole series changes, from its first occurrence; the new start's day
 *   shift and time of day apply to every occurrence.
 * A PUT to a series' own id (the uuid) means `all_events`. A series change that changes
 * nothing is a no-op and answers the event as it is.
 */
export const recurringEventUpdateTypes = [
  'this_event',
  'this_and_following_events',
  'all_events',
] as const;
export const recurringEventUpdateTypeSchema = z.enum(recurringEventUpdateTypes);
export type RecurringEventUpdateType = z.infer<typeof recurringEventUpdateTypeSchema>;

/** docs/product.md#entities Calendar. */
export const calendarSchema = z.object({
  id: z.string(),
  name: z.string().describe("Default 'RACC Events'"),
  description: z.string(),
  locationId: z.string(),
  timezone: z.string().describe('IANA zone, default America/Denver'),
});
export type Calendar = z.infer<typeof calendarSchema>;

/**
 * Where a registration stands for seats: `confirmed` takes its seats; `offered` is a waiting
 * party whose seats are kept until `holdUntil` (then `lapsed`); `waitlisted` waits; `held` is
 * kept until paid (tickets). Only confirmed, offered and held take seats.
 */
export const seatStatuses = ['confirmed', 'held', 'offered', 'waitlisted', 'lapsed'] as const;
export const seatStatusSchema = z.enum(seatStatuses);
export type SeatStatus = z.infer<typeof seatStatusSchema>;

/** Seats of an event: at most this many people (a party of 3 takes 3). */
export const capacitySchema = z
  .number({ message: eventMessages.capacity })
  .int(eventMessages.capacity)
  .min(1, eventMessages.capacity)
  .max(100_000, eventMessages.capacity);

/** One registration as its event's organizers see it (never shown publicly). */
export const eventAttendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.number().int().describe('Party size, 1 to 10, the registrant included'),
  notes: z.string().nullable(),
  seatStatus: seatStatusSchema,
  waitlistPosition: z
    .number()
    .int()
    .nullable()
    .describe('1 for the first waiting party; null unless waitlisted'),
  holdUntil: z.string().nullable().describe('An offer (or a hold) keeps its seats until then'),
  checkedInAt: z.string().nullable().describe('When the party was checked in at the door'),
  walkIn: z.boolean().describe('Added at the door'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/** How long before an event its reminder goes: 1 hour to a week. */
export const reminderHoursSchema = z
  .number({ message: eventMessages.reminderHours })
  .int(eventMessages.reminderHours)
  .min(1, eventMessages.reminderHours)
  .max(168, eventMessages.reminderHours);

/**
 * docs/product.md#entities Calendar event. Times are ISO 8601 instants in UTC (`2026-03-17T13:30:00.000Z`);
 * show them in `timezone`. An all-day event starts at local midnight of its first day and ends
 * at local midnight after its last day.
 */
export const calendarEventSchema = z.object({
  id: z.string().describe('uuid, or `<seriesId>_<YYYYMMDDTHHMMSSZ>` for an occurrence'),
  title: z.string().describe("Never empty; 'Untitled Event' if none was stored"),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  calendarId: z.string(),
  status: eventStatusSchema.describe('Default confirmed'),
  attendees: z
    .array(eventAttendeeSchema)
    .describe(
      "The registrations, for viewers who may edit the event and only in GET /calendars/appointments/{id}; [] otherwise. Use attendeeCount for 'Attendees (N registered)'",
    ),
  attendeeCount: z
    .number()
    .int()
    .describe('People registered for this event or occurrence: the sum of every party size'),
  registrationCount: z.number().int().describe('Registrations (parties) for it'),
  capacity: z.number().int().nullable().describe('Seats; null when there is no limit'),
  seatsLeft: z
    .number()
    .int()
    .nullable()
    .describe("Seats still free (0: 'Sold out'); null when there is no limit"),
  waitlistCount: z.number().int().describe('Parties on the waiting list'),
  isAllDay: z.boolean(),
  timezone: z.string().describe('IANA zone, default America/Denver'),
  internalNote: z.string().describe("Staff note; '' unless the viewer may edit the event"),
  calendarNotes: z.string().describe('Additional Information on the event page'),
  appointmentStatus: appointmentStatusSchema,
  contactId: z.string().nullable().describe('The linked contact (organizer), if any'),
  pageUrl: z.string(),
  coverImageUrl: z.string(),
  downloadFileUrl: z.string(),
  customFieldsRecordId: z
    .string()
    .describe('The stored record holding the custom fields: the event, the series or the override'),
  isRecurring: z.boolean().describe('True for a series and each of its occurrences'),
  rrule: z.string().nullable().describe('The series rule (RFC 5545 RRULE value), else null'),
  masterEventId: z.string().nullable().describe('The series id for a series and its occurrences'),
  originalRecurringEventId: z
    .string()
    .nullable()
    .describe('For an occurrence: its own occurrence id (stable even when moved); else null'),
  originalStartTime: z
    .string()
    .nullable()
    .describe('For an occurrence: the start the series rule gives it (before any edit)'),
  isException: z.boolean().describe('An occurrence edited on its own ("Update only this event")'),
  canEdit: z.boolean().describe('The viewer may edit and delete it (owner, moderator, admin)'),
  reminderHours: z
    .number()
    .int()
    .nullable()
    .describe('Hours before the start that registrants are reminded by mail; null: none'),
  ticket: eventTicketSchema
    .nullable()
    .default(null)
    .describe('Ticket prices and how they are paid; null for a free event'),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/**
 * The business that organizes a member's own event (one a member of it created): its
 * directory name, and its member page's id while the directory lists it (else null).
 */
export const eventOrganizerSchema = z.object({
  name: z.string(),
  memberId: z.string().nullable().describe('The member page /members/{memberId}, if listed'),
});
export type EventOrganizer = z.infer<typeof eventOrganizerSchema>;

/**
 * GET /calendars/appointments/{id}: the event plus the spec's appointment aliases
 * (address = location, selectedTimezone = timezone).
 */
export const appointmentSchema = calendarEventSchema.extend({
  address: z.string(),
  selectedTimezone: z.string(),
  organizer: eventOrganizerSchema
    .nullable()
    .default(null)
    .describe("A member's own event: the business organizing it; null: the chamber"),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * GET /calendars/{calendarId}/events. `startDate` and `endDate` are ISO dates
 * (`2026-03-01`, read as local midnight in the calendar's timezone; `endDate` then includes
 * that whole day) or ISO instants (`2026-03-01T07:00:00.000Z`, `endDate` exclusive). At most
 * 400 days apart. `_t` is a cache buster and is ignored.
 */
export const listEventsQuerySchema = z.object({
  startDate: z.string().trim().min(1, 'startDate is required').max(40),
  endDate: z.string().trim().min(1, 'endDate is required').max(40),
  _t: z.string().max(40).optional(),
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

/** Every event overlapping the window, occurrences expanded, by start time. */
export const eventListSchema = z.object({
  events: z.array(calendarEventSchema),
  truncated: z.boolean().describe('More than 2000 events matched; narrow the window'),
});
export type EventList = z.infer<typeof eventListSchema>;

/** docs/product.md#entities Event custom fields (GET …/custom-fields; internalNote '' unless may edit). */
export const eventCustomFieldsSchema = z.object({
  pageUrl: z.string(),
  coverImageUrl: z.string(),
  downloadFileUrl: z.string(),
  internalNote: z.string(),
});
export type EventCustomFields = z.infer<typeof eventCustomFieldsSchema>;

/** The custom fields as a change: absent fields stay as they are. */
export const customFieldsChangeSchema = z.object({
  pageUrl: linkField.optional(),
  coverImageUrl: linkField.optional(),
  downloadFileUrl: linkField.optional(),
  internalNote: text(5000).optional(),
});

/**
 * POST …/{id}/recurring-series-custom-fields: sets the custom fields on the whole series the
 * event or occurrence belongs to (the series and every edited occurrence of it); for a single
 * event, on the event. Moderators, admins and the event's owner.
 */
export const seriesCustomFieldsUpdateSchema = z.object({
  calendarId: z.string().max(64).optional(),
  customFields: customFieldsChangeSchema,
});
export type SeriesCustomFieldsUpdate = z.input<typeof seriesCustomFieldsUpdateSchema>;
export const seriesCustomFieldsResultSchema = z.object({
  updatedCount: z
    .number()
    .int()
    .describe('Stored records whose custom fields changed (0 when nothing changed)'),
});
export type SeriesCustomFieldsResult = z.infer<typeof seriesCustomFieldsResultSchema>;

/**
 * An RFC 5545 RRULE value (with or without the `RRULE:` prefix), e.g.
 * `FREQ=WEEKLY;BYDAY=TU`, `FREQ=MONTHLY;BYDAY=2TH`, `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`.
 * Accepted (anything else is 400 naming the part): FREQ DAILY, WEEKLY, MONTHLY or YEARLY;
 * INTERVAL up to 366 days, 52 weeks, 12 months or 10 years; COUNT (up to 730) or UNTIL;
 * BYDAY plain days (MO..SU), and with MONTHLY (or YEARLY with BYMONTH) also numbered 1..4 or
 * -1..-4 (2TH, -1FR); BYMONTHDAY (MONTHLY only, not with numbered days); BYSETPOS ±1..4 with
 * plain BYDAY in a monthly or yearly rule; WKST. The event's start must be one of the dates
 * the rule gives (a weekly one-day rule sent back unchanged follows a moved start to its new
 * weekday). '' or null removes the recurrence. Answers carry the stored form: canonical
 * order, INTERVAL=1 left out, UNTIL as a UTC date-time.
 */
export const rruleSchema = z.string().trim().max(500);

/**
 * POST /calendars/appointments (docs/product.md#api-calls Create payload). Checked by the server in this order,
 * each answered 400 with the docs/product.md#validation sentence: title, start, end, end after start, a contact for
 * members. `startTime`/`endTime` are ISO instants (`start_time`/`end_time` also accepted).
 * `contactId` defaults to the signed-in user's contact; members may only name their own.
 * Fields the spec sends that the server does not need are accepted and ignored:
 * ignoreDateRange, ignoreFreeSlotValidation, source, channel, meetingLocationType,
 * isCustomRecurring. `toNotify`: on create, mails the linked contact that the event is on the
 * calendar, with its .ics.
 */
export const createEventSchema = z.object({
  calendarId: z.string().max(64).optional().describe("Default: the chamber's calendar"),
  title: z.string().max(200).optional(),
  description: text(10_000).optional(),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  start_time: z.string().max(40).optional(),
  end_time: z.string().max(40).optional(),
  location: text(500).optional(),
  address: text(500).optional().describe('Synonym of location (used when location is absent)'),
  contactId: z.string().max(64).nullable().optional(),
  appointmentStatus: appointmentStatusSchema.optional().describe('Default new'),
  status: eventStatusSchema.optional(),
  toNotify: z.boolean().optional(),
  isAllDay: z.boolean().optional(),
  selectedTimezone: z.string().max(64).optional().describe('IANA zone; default the calendar’s'),
  timezone: z.string().max(64).optional().describe('Synonym of selectedTimezone'),
  calendarNotes: text(10_000).optional(),
  internalNote: text(5000).optional(),
  pageUrl: linkField.optional(),
  coverImageUrl: linkField.optional(),
  downloadFileUrl: linkField.optional(),
  rrule: rruleSchema.nullable().optional().describe('Makes the event a series'),
  capacity: capacitySchema
    .nullable()
    .optional()
    .describe(
      'Seats (people); null for no limit. On an occurrence with this_event, that date only',
    ),
  isCustomRecurring: z.boolean().optional(),
  ignoreDateRange: z.boolean().optional(),
  ignoreFreeSlotValidation: z.boolean().optional(),
  source: z.string().max(64).optional(),
  channel: z.string().max(64).optional(),
  meetingLocationType: z.string().max(64).optional(),
  reminderHours: reminderHoursSchema
    .nullable()
    .optional()
    .describe(
      'Hours before the start that registrants are reminded by mail; null: none. Default 24',
    ),
  memberPriceCents: ticketPriceCentsSchema
    .nullable()
    .optional()
    .describe('Ticket price per seat for members, in cents; null or 0 with no price: free'),
  priceCents: ticketPriceCentsSchema
    .nullable()
    .optional()
    .describe('Ticket price per seat for non-members, in cents; null: the member price'),
  ticketPayment: ticketPaymentSchema
    .optional()
    .describe("How tickets are paid: 'online' (default) or 'door'"),
  refundOnCancel: z
    .boolean()
    .optional()
    .describe('Cancelling before the cut-off refunds a paid ticket; otherwise staff decide'),
  refundCutoffHours: refundCutoffHoursSchema
    .optional()
    .describe('Hours before the start after which cancelling refunds nothing. Default 48'),
});
export type CreateEvent = z.input<typeof createEventSchema>;

/**
 * PUT /calendars/appointments/{id} (docs/product.md#api-calls Update payload). Absent fields stay as they are;
 * a present title must not be blank. See `recurringEventUpdateTypes` for occurrences and
 * series. `toNotify` on an update mails the event's (or occurrence's) registrants the new
 * details with the .ics. Owner, moderators and admins only.
 */
export const updateEventSchema = createEventSchema.extend({
  recurringEventUpdateType: recurringEventUpdateTypeSchema.optional(),
});
export type UpdateEvent = z.input<typeof updateEventSchema>;

/**
 * DELETE /calendars/appointments/{id}. A single event or a series id: removed with its
 * registrations (a series with all its occurrences). An occurrence id: only that occurrence
 * (an exception date), or with `?recurringEventUpdateType=this_and_following_events` it and
 * every later one, or with `all_events` the whole series.
 */
export const deleteEventQuerySchema = z.object({
  recurringEventUpdateType: recurringEventUpdateTypeSchema.optional(),
});
export const deleteEventResultSchema = z.object({
  success: z.literal(true),
  scope: z.enum(['event', 'occurrence', 'this_and_following_events', 'series']),
});
export type DeleteEventResult = z.infer<typeof deleteEventResultSchema>;
