import { z } from 'zod';
import { eventAttendeeSchema, seatStatusSchema } from './calendar.js';
import { text } from './calendar-fields.js';
import { REGISTRATION_MAX_GUESTS, REGISTRATION_MIN_GUESTS } from './calendar-limits.js';
import { ticketStateSchema } from './event-tickets.js';

/**
 * Registrations for events (docs/product.md#entities Registration form): registering for an event or a whole
 * series, the registrant's own registration, and the organizers' list. The events themselves
 * are in calendar.ts.
 */

/**
 * docs/product.md#entities Registration form, POST …/{id}/registrations (anyone; prefilled in the UI from the
 * signed-in user). The same email registering again for the same event or occurrence updates
 * its registration only for its signed-in owner; anyone else gets the answer of a new
 * registration, nothing changes, and the address is mailed its manage link. Closed (400) once
 * the event has started or when it is cancelled. Throttled per email address and per client
 * address (429).
 */
export const registerForEventSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(200),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  phone: text(40).optional().nullable(),
  numberOfGuests: z.coerce
    .number({ message: 'Number of guests must be between 1 and 10' })
    .int('Number of guests must be between 1 and 10')
    .min(REGISTRATION_MIN_GUESTS, 'Number of guests must be between 1 and 10')
    .max(REGISTRATION_MAX_GUESTS, 'Number of guests must be between 1 and 10')
    .default(1)
    .describe('Party size 1 to 10, the registrant included; a number or its string'),
  notes: text(2000).optional().nullable(),
});
export type RegisterForEvent = z.input<typeof registerForEventSchema>;

/** The registrant's own registration (answered to them only). */
export const eventRegistrationSchema = z.object({
  id: z.string(),
  eventId: z.string().describe('The event or occurrence id registered for'),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.number().int(),
  notes: z.string().nullable(),
  seatStatus: seatStatusSchema,
  waitlistPosition: z.number().int().nullable().describe('Place on the waiting list, from 1'),
  holdUntil: z.string().nullable().describe('An offer must be taken before then'),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventRegistration = z.infer<typeof eventRegistrationSchema>;

/**
 * 201 for a new registration, and the same for a repeat that changed nothing (an address that
 * had registered, from someone who is not its signed-in owner); 200 when the owner's earlier
 * registration was updated.
 */
export const registrationResultSchema = z.object({
  registration: eventRegistrationSchema.describe('The registration as sent'),
  updated: z
    .boolean()
    .describe("True when the signed-in owner's earlier registration of this email was updated"),
  attendeeCount: z.number().int(),
  registrationCount: z.number().int(),
  seatsLeft: z.number().int().nullable().describe('After this registration; null: no limit'),
  message: z
    .string()
    .describe(
      '"We\'ve sent a confirmation to your email.", the waiting list position, or a note that the mail could not be sent',
    ),
  ticket: ticketStateSchema
    .nullable()
    .default(null)
    .describe('A paid event: the invoice and, for online payment, the Checkout page'),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** POST …/{id}/series-registrations: one party for every upcoming date of a series. */
export const seriesRegistrationResultSchema = z.object({
  dates: z
    .array(
      z.object({
        eventId: z.string().describe('The occurrence id'),
        startTime: z.string(),
        seatStatus: seatStatusSchema.describe('confirmed, held (unpaid online), or waitlisted'),
        waitlistPosition: z.number().int().nullable(),
      }),
    )
    .describe('Every upcoming date registered for, earliest first'),
  seatedCount: z.number().int().describe('Dates with seats'),
  waitlistedCount: z.number().int().describe('Dates on whose waiting list the party is'),
  message: z.string(),
  ticket: ticketStateSchema
    .nullable()
    .default(null)
    .describe('A paid series: one invoice with a line per seated date'),
});
export type SeriesRegistrationResult = z.infer<typeof seriesRegistrationResultSchema>;

/** GET …/{id}/series-registrations: the dates registering for the whole series would take. */
export const upcomingSeriesDatesSchema = z.object({
  dates: z
    .array(z.object({ eventId: z.string(), startTime: z.string() }))
    .describe('Every upcoming date of the series, earliest first'),
});
export type UpcomingSeriesDates = z.infer<typeof upcomingSeriesDatesSchema>;

/** GET …/{id}/registrations: the event's owner, moderators and admins. */
export const registrationListSchema = z.object({
  registrations: z
    .array(eventAttendeeSchema)
    .describe('Seat-takers first (earliest first), then the waiting list in its order'),
  attendeeCount: z.number().int().describe('People taking seats'),
  registrationCount: z.number().int().describe('Parties taking seats'),
  capacity: z.number().int().nullable(),
  seatsLeft: z.number().int().nullable(),
  waitlistCount: z.number().int().describe('Parties waiting (offered ones not included)'),
  checkedInCount: z.number().int().describe('People checked in'),
});
export type RegistrationList = z.infer<typeof registrationListSchema>;

/**
 * POST …/{id}/registration-form: the registration form of the event page, posted without
 * scripts (application/x-www-form-urlencoded). It answers a page (text/html), not JSON.
 */
export const registrationFormPageSchema = z.string().describe('HTML (text/html)');
