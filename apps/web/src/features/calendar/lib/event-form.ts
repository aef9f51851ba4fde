import {
  appointmentStatuses,
  type EventTicket,
  eventFormSchema,
  priceText,
} from '@chamber/contract';
import type { z } from 'zod';
import { addDays, dateKeyIn, timeIn, zonedParts, type DateKey } from '@chamber/contract';

/** docs/product.md#entities Event form state (the shared schema's input); the dialog keeps multi-day beside it. */
export type EventFormValues = z.input<typeof eventFormSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock hour that may run past midnight, as a date and HH:00. */
function atHour(date: DateKey, hour: number): { date: DateKey; time: string } {
  return { date: addDays(date, Math.floor(hour / 24)), time: `${pad(hour % 24)}:00` };
}

/** Registrants are reminded a day before unless the event says otherwise (as the server). */
const DEFAULT_REMINDER_HOURS = 24;
/** Cancelling up to two days before refunds, when the event refunds at all (as the server). */
const DEFAULT_REFUND_CUTOFF_HOURS = 48;

/** A new event is free; a price makes it sell tickets, paid at the door unless chosen online. */
const freeTickets = {
  memberPrice: '',
  price: '',
  ticketPayment: 'door',
  refundOnCancel: false,
  refundCutoffHours: String(DEFAULT_REFUND_CUTOFF_HOURS),
} as const satisfies Partial<EventFormValues>;

/** The ticket fields of an event as loaded: a price of 0 (free for that group) shows empty. */
function ticketFields(ticket: EventTicket | null | undefined) {
  if (!ticket) return { ...freeTickets };
  const shown = (cents: number | null) => (cents ? priceText(cents) : '');
  return {
    memberPrice: shown(ticket.memberPriceCents),
    price: shown(ticket.priceCents),
    ticketPayment: ticket.payment,
    refundOnCancel: ticket.refundOnCancel,
    refundCutoffHours: String(ticket.refundCutoffHours),
  };
}

/**
 * docs/product.md#constants new event: the start hour is the larger of 9 and the current hour plus one, on the
 * chosen date or today; one hour long; status new. Hours are the calendar zone's wall clock.
 * At 23:xx the start is midnight of the next day, as plain date arithmetic gives.
 */
export function newEventDefaults({
  now,
  timeZone,
  date,
}: {
  now: Date;
  timeZone: string;
  date?: DateKey;
}): EventFormValues {
  const day = date ?? dateKeyIn(now, timeZone);
  const hour = Math.max(9, zonedParts(now, timeZone).hour + 1);
  const start = atHour(day, hour);
  const end = atHour(day, hour + 1);
  return {
    title: '',
    description: '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    location: '',
    appointmentStatus: 'new',
    toNotify: false,
    internalNote: '',
    pageUrl: '',
    coverImageUrl: '',
    downloadFileUrl: '',
    capacity: '',
    reminderHours: String(DEFAULT_REMINDER_HOURS),
    ...freeTickets,
  };
}

/**
 * docs/product.md#states Multi-day checkbox, switched off: the end date follows the start date, moving to the
 * next day when the end time is earlier than the start time (an evening that runs past midnight).
 */
export function followingEndDate(v: Pick<EventFormValues, 'startDate' | 'startTime' | 'endTime'>) {
  if (!v.startDate) return v.startDate;
  return v.endTime && v.startTime && v.endTime < v.startTime
    ? addDays(v.startDate, 1)
    : v.startDate;
}

/** Whether an existing event needs the multi-day switch on to be shown as it is. */
export function isMultiDay(
  v: Pick<EventFormValues, 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
) {
  return v.endDate !== followingEndDate(v);
}

export interface StoredEventFields {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  location: string;
  appointmentStatus?: string | null;
  internalNote?: string | null;
  pageUrl?: string | null;
  coverImageUrl?: string | null;
  downloadFileUrl?: string | null;
  capacity?: number | null;
  reminderHours?: number | null;
  ticket?: EventTicket | null;
}

/** The form for an existing event, its times on the wall clock of `timeZone`. */
export function eventToFormValues(event: StoredEventFields, timeZone: string): EventFormValues {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const times = {
    startDate: dateKeyIn(start, timeZone),
    startTime: timeIn(start, timeZone),
    endDate: dateKeyIn(end, timeZone),
    endTime: timeIn(end, timeZone),
  };
  const status = appointmentStatuses.find((s) => s === event.appointmentStatus) ?? 'new';
  return {
    title: event.title,
    description: event.description ?? '',
    ...times,
    location: event.location ?? '',
    appointmentStatus: status,
    toNotify: false,
    internalNote: event.internalNote ?? '',
    pageUrl: event.pageUrl ?? '',
    coverImageUrl: event.coverImageUrl ?? '',
    downloadFileUrl: event.downloadFileUrl ?? '',
    capacity: event.capacity == null ? '' : String(event.capacity),
    reminderHours:
      event.reminderHours === undefined
        ? String(DEFAULT_REMINDER_HOURS)
        : event.reminderHours === null
          ? ''
          : String(event.reminderHours),
    ...ticketFields(event.ticket),
  };
}
