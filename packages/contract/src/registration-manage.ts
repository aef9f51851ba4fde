import { z } from 'zod';
import { eventRegistrationSchema, registerForEventSchema } from './calendar-registrations.js';
import { ticketStateSchema } from './event-tickets.js';
import { orderDetailsSchema } from './event-orders.js';

/**
 * The manage link of an event registration: the confirmation mail carries a random token that
 * lets whoever holds the mailbox see, change or cancel the registration without an account.
 * The web page reads it from the link's fragment (`/registrations/manage#token=…`, never sent
 * to a server) and sends it in this header, so it appears in no address and no log.
 */
export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';

/** The web app's page of a manage link. */
export const MANAGE_REGISTRATION_PATH = '/registrations/manage';

/** 32 random bytes, base64url. */
export const registrationTokenSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{43}$/,
    'This link is not valid. Please use the link in your latest email.',
  );

export const registrationTokenHeadersSchema = z.object({
  [REGISTRATION_TOKEN_HEADER]: registrationTokenSchema.describe(
    'The token of the manage link in the registration mail',
  ),
});

/** The event a managed registration is for: what the page shows about it. */
export const managedEventSchema = z.object({
  id: z.string().describe('The event or occurrence id (for its page: /events/{id})'),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isAllDay: z.boolean(),
  timezone: z.string(),
  location: z.string(),
  cancelled: z.boolean(),
});
export type ManagedEvent = z.infer<typeof managedEventSchema>;

/** GET /registrations/manage and the answer of a change. */
export const managedRegistrationSchema = z.object({
  registration: eventRegistrationSchema,
  ticket: ticketStateSchema
    .nullable()
    .default(null)
    .describe('A paid event: the invoice, and the Checkout page while it is unpaid online'),
  event: managedEventSchema,
  canChange: z
    .boolean()
    .describe('False once the event has started or was cancelled: then nothing can change'),
  closedReason: z.string().nullable().describe('Why it cannot change, in a sentence'),
  seatsLeft: z
    .number()
    .int()
    .nullable()
    .describe(
      'The largest party size this registration may change to (its seats and the free ones); null: no limit',
    ),
  canAccept: z
    .boolean()
    .describe('Seats are offered to this party and the offer has not expired: POST …/accept'),
  checkInCode: z
    .string()
    .nullable()
    .describe('The signed code of the QR shown at the door; null while the party has no seats'),
  order: orderDetailsSchema
    .nullable()
    .default(null)
    .describe('An order of ticket types: its tickets and named attendees, each with a QR token'),
});
export type ManagedRegistration = z.infer<typeof managedRegistrationSchema>;

/**
 * PUT /registrations/manage: the registration form without the email (the address is what the
 * link proves; another address is another registration). The whole form is sent.
 */
export const updateManagedRegistrationSchema = registerForEventSchema.omit({ email: true });
export type UpdateManagedRegistration = z.input<typeof updateManagedRegistrationSchema>;

/** DELETE /registrations/manage. */
export const cancelledRegistrationSchema = z.object({
  cancelled: z.literal(true),
  message: z.string(),
});
export type CancelledRegistration = z.infer<typeof cancelledRegistrationSchema>;

/**
 * POST /registrations/manage/new-link: a new link is mailed to the address, and the links of
 * earlier mails (which otherwise keep working) stop working.
 */
export const newManageLinkSchema = z.object({
  message: z.string().describe('Where the new link went, and that earlier links stopped working'),
});
export type NewManageLink = z.infer<typeof newManageLinkSchema>;

/** The answers to taking an offer of seats that is gone, or was never made. */
export const seatMessages = {
  offerExpired: 'This offer has expired. The seats went to the next party on the waiting list.',
  notOffered: 'There is no offer of seats for this registration.',
} as const;
