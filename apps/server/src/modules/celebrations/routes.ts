import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ambassadorListSchema,
  apiErrorSchema,
  bookCelebrationSchema,
  celebrationQueueQuerySchema,
  celebrationQueueSchema,
  celebrationSchema,
  celebrationSettingsSchema,
  celebrationSlotsQuerySchema,
  celebrationSlotsSchema,
  declineCelebrationSchema,
  listingCelebrationsSchema,
  myCelebrationsSchema,
  proposeCelebrationSchema,
  setAmbassadorSchema,
} from '@chamber/contract';
import type { CelebrationsService } from './service.js';

const tags = ['celebrations'];
const idParams = z.object({ id: z.string().max(100) });
const contactParams = z.object({ contactId: z.string().max(100) });
const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const changeErrors = { 400: apiErrorSchema, ...denied, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * /celebrations (the member's bookings and the slots they may book, a listing's confirmed
 * ones) and /admin/celebrations* (staff's queue, decisions, rules and ambassadors), thin over
 * CelebrationsService.
 */
export const celebrationsRoutes: FastifyPluginAsyncZod<{
  celebrations: CelebrationsService;
}> = async (app, { celebrations }) => {
  app.get(
    '/celebrations/slots',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The slots the chamber's rules allow for a kind of celebration",
        description:
          "For the signed-in member's business: allowed weekdays and start times on the chamber's wall clock (its time zone, daylight saving included), from the first day the notice allows to the horizon, no blackout days, none another booking holds. `from` and `to` are the chamber's days (default: six weeks from the first allowed day; at most 92 days). 403 for a login without a business, or a business not in good standing, or a kind for new members to an older one.",
        querystring: celebrationSlotsQuerySchema,
        response: { 200: celebrationSlotsSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => celebrations.slots(request.session!, request.query),
  );

  app.get(
    '/celebrations/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "My business's celebrations, and what it may book",
        response: { 200: myCelebrationsSchema, ...denied },
      },
    },
    async (request) => celebrations.mine(request.session!),
  );

  app.get(
    '/celebrations/listing/:contactId',
    {
      schema: {
        tags,
        summary: "A business's confirmed celebrations still to come",
        description: 'For its member page: each with its event on the calendar.',
        params: contactParams,
        response: { 200: listingCelebrationsSchema },
      },
    },
    async (request) => celebrations.ofListing(request.params.contactId),
  );

  app.post(
    '/celebrations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Book a celebration',
        description:
          "`slotStart` must be a slot the rules allow: 400 for another time, too little notice, past the horizon or a blackout day; 409 when the business has its celebrations for that year or another business holds the slot (two bookings racing for one slot get one); 403 for a business not in good standing. The address defaults to the listing's. Waits for staff unless the chamber confirms automatically; the member is mailed.",
        body: bookCelebrationSchema,
        response: { 201: celebrationSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await celebrations.book(request.session!, request.body)),
  );

  app.post(
    '/celebrations/:id/accept',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Accept the time staff proposed',
        description:
          'The booking is confirmed and goes on the calendar. The booking business only.',
        params: idParams,
        response: { 200: celebrationSchema, ...changeErrors },
      },
    },
    async (request) => celebrations.accept(request.session!, request.params.id),
  );

  app.post(
    '/celebrations/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Withdraw a booking waiting for staff or for my answer',
        params: idParams,
        response: { 200: celebrationSchema, ...changeErrors },
      },
    },
    async (request) => celebrations.cancel(request.session!, request.params.id),
  );

  app.get(
    '/admin/celebrations',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Celebration bookings',
        description:
          '`status` filters; without it, every booking from 30 days ago on. Soonest first, at most 200.',
        querystring: celebrationQueueQuerySchema,
        response: { 200: celebrationQueueSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => celebrations.queue(request.query.status),
  );

  app.post(
    '/admin/celebrations/:id/confirm',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Confirm a celebration',
        description:
          "A booking waiting for staff becomes a public event on the calendar, linked to the member's listing, registrations open; the fee (if any) is invoiced; the member and the ambassadors are mailed. Audited. 409 for a booking not waiting.",
        params: idParams,
        response: { 200: celebrationSchema, ...changeErrors },
      },
    },
    async (request) => celebrations.confirm(request.session!, request.params.id),
  );

  app.post(
    '/admin/celebrations/:id/propose',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Propose another time',
        description:
          'Any slot the rules allow; the booking holds it and waits for the member to accept. The member is mailed. Audited.',
        params: idParams,
        body: proposeCelebrationSchema,
        response: { 200: celebrationSchema, ...changeErrors },
      },
    },
    async (request) =>
      celebrations.propose(
        request.session!,
        request.params.id,
        request.body.slotStart,
        request.body.note,
      ),
  );

  app.post(
    '/admin/celebrations/:id/decline',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Decline a celebration, with the reason',
        description: 'The slot is free again; the member is mailed the reason. Audited.',
        params: idParams,
        body: declineCelebrationSchema,
        response: { 200: celebrationSchema, ...changeErrors },
      },
    },
    async (request) =>
      celebrations.decline(request.session!, request.params.id, request.body.reason),
  );

  app.get(
    '/admin/celebration-settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "The chamber's rules for celebrations",
        response: { 200: celebrationSettingsSchema, ...denied },
      },
    },
    async () => celebrations.settings(),
  );

  app.put(
    '/admin/celebration-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Change the chamber's rules for celebrations",
        description:
          'Kinds (and which are for first-year members), bookings per business a year, notice, horizon, weekdays (0 Sunday), start times (HH:MM, the chamber’s zone), length, blackout days, the checklist, the fee in cents, automatic confirmation. Audited.',
        body: celebrationSettingsSchema,
        response: { 200: celebrationSettingsSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => celebrations.putSettings(request.session!, request.body),
  );

  app.get(
    '/admin/celebration-ambassadors',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "The chamber's ambassadors",
        response: { 200: ambassadorListSchema, ...denied },
      },
    },
    async () => celebrations.ambassadors(),
  );

  app.put(
    '/admin/celebration-ambassadors/:contactId',
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Make a member an ambassador, or no longer',
        description: 'Ambassadors are mailed each confirmed celebration. Audited.',
        params: contactParams,
        body: setAmbassadorSchema,
        response: {
          200: ambassadorListSchema,
          400: apiErrorSchema,
          ...denied,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      celebrations.setAmbassador(
        request.session!,
        request.params.contactId,
        request.body.ambassador,
      ),
  );
};
