import type { CreateEvent, EventForm, UpdateEvent } from '@chamber/contract';
import { localDateTime, parsePriceCents, zonedTimeToUtc } from '@chamber/contract';
import type { EventFormValues } from './event-form';

/** The start and end of the form as ISO instants, read on the wall clock of `timeZone`. */
export function formInstants(form: EventForm, timeZone: string) {
  return {
    startTime: zonedTimeToUtc(
      localDateTime(form.startDate, form.startTime),
      timeZone,
    ).toISOString(),
    endTime: zonedTimeToUtc(localDateTime(form.endDate, form.endTime), timeZone).toISOString(),
  };
}

/** A number field of the form: '' is null (no limit, no reminder). */
const wholeOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The ticket fields of a save. An empty price is free for that group: sent as 0 when the
 * other group pays (the server reads a missing price as the other one), and both empty is a
 * free event (null, null; how it would be paid then means nothing).
 */
export function ticketPayload(form: EventForm) {
  const member = form.memberPrice.trim() === '' ? null : parsePriceCents(form.memberPrice);
  const others = form.price.trim() === '' ? null : parsePriceCents(form.price);
  if (member === null && others === null) return { memberPriceCents: null, priceCents: null };
  return {
    memberPriceCents: member ?? 0,
    priceCents: others ?? 0,
    ticketPayment: form.ticketPayment,
    refundOnCancel: form.refundOnCancel,
    refundCutoffHours: Number(form.refundCutoffHours),
  };
}

/** What every save sends: the spec's basics, with the location and notes aliases. */
function basics(form: EventForm, calendarId: string, timeZone: string) {
  return {
    calendarId,
    title: form.title.trim(),
    description: form.description,
    ...formInstants(form, timeZone),
    location: form.location.trim(),
    address: form.location.trim(),
    calendarNotes: form.description,
    appointmentStatus: form.appointmentStatus,
    pageUrl: form.pageUrl,
    coverImageUrl: form.coverImageUrl,
    downloadFileUrl: form.downloadFileUrl,
    capacity: wholeOrNull(form.capacity),
    reminderHours: wholeOrNull(form.reminderHours),
    ...ticketPayload(form),
    selectedTimezone: timeZone,
    ignoreDateRange: true,
    ignoreFreeSlotValidation: true,
  } satisfies CreateEvent;
}

export const createdByNote = (note: string, authorName: string) =>
  [note.trim(), `Created by ${authorName} via web app`].filter(Boolean).join('\n');

/** docs/product.md#api-calls Create payload; `rrule` makes the event a weekly, monthly ... series. */
export function createEventPayload(
  form: EventForm,
  ctx: {
    calendarId: string;
    timeZone: string;
    contactId: string | null;
    authorName: string;
    rrule: string | null;
  },
): CreateEvent {
  return {
    ...basics(form, ctx.calendarId, ctx.timeZone),
    contactId: ctx.contactId,
    toNotify: form.toNotify,
    internalNote: createdByNote(form.internalNote, ctx.authorName),
    source: 'calendar_page',
    channel: 'web_app',
    meetingLocationType: 'custom',
    ...(ctx.rrule ? { rrule: ctx.rrule } : {}),
  };
}

/**
 * How a save applies: a single event, one occurrence, the occurrence and all after it, or
 * every event of its series.
 */
export type SaveScope = 'single' | 'this_event' | 'this_and_following_events' | 'all_events';

/** docs/product.md#api-calls Update payload. The organizer and internal note are left as they are. */
export function updateEventPayload(
  form: EventForm,
  ctx: { calendarId: string; timeZone: string; scope: SaveScope; rrule: string | null },
): UpdateEvent {
  const payload = basics(form, ctx.calendarId, ctx.timeZone);
  if (ctx.scope === 'this_and_following_events') {
    return {
      ...payload,
      recurringEventUpdateType: 'this_and_following_events',
      isCustomRecurring: true,
      rrule: ctx.rrule,
    };
  }
  return {
    ...payload,
    toNotify: form.toNotify,
    ...(ctx.scope === 'this_event' || ctx.scope === 'all_events'
      ? { recurringEventUpdateType: ctx.scope }
      : {}),
  };
}

const compared = [
  'title',
  'description',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'location',
  'appointmentStatus',
  'capacity',
  'reminderHours',
  'memberPrice',
  'price',
  'ticketPayment',
  'refundOnCancel',
  'refundCutoffHours',
] as const;
const customFields = ['pageUrl', 'coverImageUrl', 'downloadFileUrl'] as const;

/** Which parts of the form differ from what was loaded (docs/product.md#states: a series saves only changes). */
export function formChanges(initial: EventFormValues, current: EventFormValues) {
  const differs = (key: keyof EventFormValues) =>
    String(initial[key] ?? '').trim() !== String(current[key] ?? '').trim();
  return {
    basics: compared.some(differs),
    customFields: customFields.some(differs),
  };
}
