import { z } from 'zod';
import {
  appointmentStatusSchema,
  capacitySchema,
  eventMessages,
  reminderHoursSchema,
} from './calendar.js';
import { linkField } from './calendar-fields.js';
import {
  refundCutoffHoursSchema,
  ticketPaymentSchema,
  ticketPriceCentsSchema,
} from './event-tickets.js';
import { parsePriceCents } from './ticket-prices.js';

/** A number field of the event form: '' (none) or what `schema` accepts, as typed. */
const optionalWholeNumber = (schema: z.ZodNumber, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && schema.safeParse(Number(v)).success), message);

/** A price field of the event dialog: '' or dollars and cents up to the contract's limit. */
const optionalPrice = z
  .string()
  .trim()
  .refine((v) => {
    if (v === '') return true;
    const cents = parsePriceCents(v);
    return cents !== null && ticketPriceCentsSchema.safeParse(cents).success;
  }, eventMessages.price);

/**
 * docs/product.md#entities Event form state with the docs/product.md#validation rules and sentences, for the event dialog.
 * Dates are YYYY-MM-DD and times HH:mm in the event's timezone.
 */
export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, eventMessages.titleRequired).max(200),
    description: z.string().max(10_000),
    startDate: z.string(),
    startTime: z.string(),
    endDate: z.string(),
    endTime: z.string(),
    location: z.string().max(500),
    appointmentStatus: appointmentStatusSchema,
    toNotify: z.boolean(),
    internalNote: z.string().max(5000),
    pageUrl: linkField,
    coverImageUrl: linkField,
    downloadFileUrl: linkField,
    /** Seats, '' for no limit; on an occurrence saved "only this event", that date's own. */
    capacity: optionalWholeNumber(capacitySchema, eventMessages.capacity),
    /** Hours before the start that registrants are reminded; '' for no reminder. */
    reminderHours: optionalWholeNumber(reminderHoursSchema, eventMessages.reminderHours),
    /** Ticket prices per seat in dollars as typed; '' is free for that group. */
    memberPrice: optionalPrice,
    price: optionalPrice,
    ticketPayment: ticketPaymentSchema,
    refundOnCancel: z.boolean(),
    /** Hours before the start after which cancelling refunds nothing. */
    refundCutoffHours: z
      .string()
      .trim()
      .refine(
        (v) => /^\d+$/.test(v) && refundCutoffHoursSchema.safeParse(Number(v)).success,
        eventMessages.refundCutoffHours,
      ),
  })
  .superRefine((form, ctx) => {
    if (!form.startDate || !form.startTime) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: eventMessages.startRequired });
      return;
    }
    if (!form.endDate || !form.endTime) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endRequired });
      return;
    }
    if (`${form.endDate}T${form.endTime}` <= `${form.startDate}T${form.startTime}`) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: eventMessages.endAfterStart });
    }
  });
export type EventForm = z.infer<typeof eventFormSchema>;
