import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute, type RouteDocs } from '../../lib/contract-route.js';
import type { CelebrationsService } from './service.js';

/** A member's route: signed in, under the celebrations tag. */
const member = (docs: RouteDocs) => ({
  config: { access: 'signed-in' as const },
  schema: { tags: ['celebrations'], ...docs },
});

/** A staff route, listed under both tags; `admin` for what only admins change. */
const staff = (docs: RouteDocs, access: 'staff' | 'admin' = 'staff') => ({
  config: { access },
  schema: { tags: ['celebrations', 'admin'], ...docs },
});

/**
 * /celebrations (the member's bookings and the slots they may book, a listing's confirmed
 * ones) and /admin/celebrations* (staff's queue, decisions, rules and ambassadors), thin over
 * CelebrationsService.
 */
export const celebrationsRoutes: FastifyPluginAsyncZod<{
  celebrations: CelebrationsService;
}> = async (app, { celebrations }) => {
  contractRoute(
    app,
    endpoints.celebrations.slots,
    member({
      summary: "The slots the chamber's rules allow for a kind of celebration",
      description:
        "For the signed-in member's business: allowed weekdays and start times on the chamber's wall clock (its time zone, daylight saving included), from the first day the notice allows to the horizon, no blackout days, none another booking holds. `from` and `to` are the chamber's days (default: six weeks from the first allowed day; at most 92 days). 403 for a login without a business, or a business not in good standing, or a kind for new members to an older one.",
    }),
    async (request) => celebrations.slots(request.session!, request.query),
  );

  contractRoute(
    app,
    endpoints.celebrations.mine,
    member({ summary: "My business's celebrations, and what it may book" }),
    async (request) => celebrations.mine(request.session!),
  );

  contractRoute(
    app,
    endpoints.celebrations.ofListing,
    {
      schema: {
        tags: ['celebrations'],
        summary: "A business's confirmed celebrations still to come",
        description: 'For its member page: each with its event on the calendar.',
      },
    },
    async (request) => celebrations.ofListing(request.params.contactId),
  );

  contractRoute(
    app,
    endpoints.celebrations.eventPhotos,
    {
      schema: {
        tags: ['celebrations'],
        summary: "An event page's celebration photos",
        description:
          'The photos staff put up after a ribbon cutting or milestone celebration, with the business it celebrated; none (and no business) for any other event.',
      },
    },
    async (request) => celebrations.eventPhotos(request.params.eventId),
  );

  contractRoute(
    app,
    endpoints.celebrations.book,
    member({
      summary: 'Book a celebration',
      description:
        "`slotStart` must be a slot the rules allow: 400 for another time, too little notice, past the horizon or a blackout day; 409 when the business has its celebrations for that year or another business holds the slot (two bookings racing for one slot get one); 403 for a business not in good standing. The address defaults to the listing's. Waits for staff unless the chamber confirms automatically; the member is mailed.",
    }),
    async (request, reply) =>
      reply.status(201).send(await celebrations.book(request.session!, request.body)),
  );

  contractRoute(
    app,
    endpoints.celebrations.accept,
    member({
      summary: 'Accept the time staff proposed',
      description: 'The booking is confirmed and goes on the calendar. The booking business only.',
    }),
    async (request) => celebrations.accept(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.celebrations.cancel,
    member({ summary: 'Withdraw a booking waiting for staff or for my answer' }),
    async (request) => celebrations.cancel(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.celebrations.queue,
    staff({
      summary: 'Celebration bookings',
      description:
        '`status` filters; without it, every booking from 30 days ago on. Soonest first, at most 200.',
    }),
    async (request) => celebrations.queue(request.query.status),
  );

  contractRoute(
    app,
    endpoints.celebrations.confirm,
    staff({
      summary: 'Confirm a celebration',
      description:
        "A booking waiting for staff becomes a public event on the calendar, linked to the member's listing, registrations open; the fee (if any) is invoiced; the member and the ambassadors are mailed. Audited. 409 for a booking not waiting.",
    }),
    async (request) => celebrations.confirm(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.celebrations.propose,
    staff({
      summary: 'Propose another time',
      description:
        'Any slot the rules allow; the booking holds it and waits for the member to accept. The member is mailed. Audited.',
    }),
    async (request) =>
      celebrations.propose(
        request.session!,
        request.params.id,
        request.body.slotStart,
        request.body.note,
      ),
  );

  contractRoute(
    app,
    endpoints.celebrations.decline,
    staff({
      summary: 'Decline a celebration, with the reason',
      description: 'The slot is free again; the member is mailed the reason. Audited.',
    }),
    async (request) =>
      celebrations.decline(request.session!, request.params.id, request.body.reason),
  );

  contractRoute(
    app,
    endpoints.celebrations.photos,
    staff({
      summary: "Put photos of a celebration on its event page (and the listing's gallery)",
      description:
        "The whole list, in the order shown (at most 24; each uploaded to the portal first, e.g. as an event image). Only for a confirmed celebration that has begun (409 before). Photos new to the celebration also go to the listing's gallery when the business agreed when booking and its plan has a gallery, up to the gallery's limit; `addedToGallery` and `galleryNote` say what happened. Audited.",
    }),
    async (request) => celebrations.setPhotos(request.session!, request.params.id, request.body),
  );

  contractRoute(
    app,
    endpoints.celebrations.settings,
    staff({ summary: "The chamber's rules for celebrations" }),
    async () => celebrations.settings(),
  );

  contractRoute(
    app,
    endpoints.celebrations.putSettings,
    staff(
      {
        summary: "Change the chamber's rules for celebrations",
        description:
          'Kinds (and which are for first-year members), bookings per business a year, notice, horizon, weekdays (0 Sunday), start times (HH:MM, the chamber’s zone), length, blackout days, the checklist, the fee in cents, automatic confirmation. Audited.',
      },
      'admin',
    ),
    async (request) => celebrations.putSettings(request.session!, request.body),
  );

  contractRoute(
    app,
    endpoints.celebrations.ambassadors,
    staff({ summary: "The chamber's ambassadors" }),
    async () => celebrations.ambassadors(),
  );

  contractRoute(
    app,
    endpoints.celebrations.setAmbassador,
    staff({
      summary: 'Make a person of a member business an ambassador, or no longer',
      description:
        "Ambassadors are people of members' businesses (an id from the business's people), mailed each confirmed celebration. Audited. 404 for an unknown person.",
    }),
    async (request) =>
      celebrations.setAmbassador(
        request.session!,
        request.params.personId,
        request.body.ambassador,
      ),
  );
};
