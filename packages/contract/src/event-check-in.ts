import { z } from 'zod';
import { registerForEventSchema } from './calendar-registrations.js';

/**
 * Check-in at the door, for the event's organizer and staff:
 *
 *   GET  /calendars/appointments/{id}/check-in                    → CheckInList
 *   POST /calendars/appointments/{id}/check-in   CheckInRequest   → CheckInResult
 *   POST /calendars/appointments/{id}/walk-ins   WalkIn           → 201 CheckInResult
 *   GET  /calendars/appointments/{id}/registrations.csv           → text/csv
 *   GET  /calendars/appointments/{id}/attendees.csv               → text/csv
 *   POST   /events/{id}/check-ins               { attendeeId }     → CheckInResult
 *   DELETE /events/{id}/check-ins/{attendeeId}                     → CheckInResult
 *
 * An order's attendees are checked in one by one, each by id or by their own QR code (its
 * random token), and a check-in of an attendee can be undone.
 * Each registration with seats has a check-in code, signed by the portal, shown as a QR code
 * in its confirmation mail and on its manage page. A code the portal did not sign answers 400,
 * a code of another event's registration 409.
 */

/** A signed check-in code: `r1.<registration>.<signature>`, base64url. */
export const checkInCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('The code read from the QR of a registration');

/** The web app's page for the door. */
export const checkInPath = (eventId: string) => `/events/${eventId}/check-in`;

export const checkInCountsSchema = z.object({
  registered: z.number().int().describe('People with seats (confirmed, offered or held)'),
  checkedIn: z.number().int().describe('People checked in'),
  noShows: z.number().int().describe('People with seats not checked in (0 before the start)'),
});
export type CheckInCounts = z.infer<typeof checkInCountsSchema>;

/** One named attendee of an order (a seat of a ticket type), checked in on their own. */
export const doorAttendeeSchema = z.object({
  id: z.string(),
  registrationId: z.string(),
  position: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  typeName: z.string(),
  checkedInAt: z.string().nullable(),
});
export type DoorAttendee = z.infer<typeof doorAttendeeSchema>;

export const checkInPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.number().int(),
  walkIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  ticket: z
    .object({
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.enum(['unpaid', 'paid', 'refunded', 'void']),
      payment: z.enum(['online', 'door']),
    })
    .nullable()
    .default(null)
    .describe('A paid ticket: what the party owes or paid; unpaid at the door means collect it'),
  table: z.number().int().nullable().default(null).describe("An order's table number"),
  attendees: z.array(doorAttendeeSchema).default([]).describe("An order's attendees"),
});
export type CheckInParty = z.infer<typeof checkInPartySchema>;

export const checkInListSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
  }),
  counts: checkInCountsSchema,
  parties: z.array(checkInPartySchema).describe('Every party with seats, by name'),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

/** Either the scanned code or, found by name, the registration's id. */
export const checkInRequestSchema = z
  .object({
    code: checkInCodeSchema.optional(),
    registrationId: z.uuid({ message: 'registrationId must be a registration id' }).optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.registrationId === undefined), {
    message: 'Send either code or registrationId',
  });
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

export const checkInResultSchema = z.object({
  party: checkInPartySchema,
  alreadyCheckedIn: z
    .boolean()
    .describe("The party had been checked in before ('Already checked in at 18:02')"),
  attendee: doorAttendeeSchema.nullable().default(null).describe('The one attendee named'),
  counts: checkInCountsSchema,
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** POST /events/{id}/check-ins: one attendee of an order. */
export const attendeeCheckInSchema = z.object({
  attendeeId: z.uuid({ message: 'attendeeId must be an attendee id' }),
});
export type AttendeeCheckIn = z.input<typeof attendeeCheckInSchema>;

/** A party that turned up without registering; the address is optional at the door. */
export const walkInSchema = registerForEventSchema.extend({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(''), z.email({ message: 'Please enter a valid email address.' })]))
    .optional(),
});
export type WalkIn = z.input<typeof walkInSchema>;
