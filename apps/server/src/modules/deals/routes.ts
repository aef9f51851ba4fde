import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { DealsService } from './service.js';

const tags = ['deals'];
const signedIn = { access: 'signed-in' } as const;
// An offer, a code and terms of 2,000 characters fit many times over.
const bodyLimit = 16 * 1024;

/** Member deals: the public list (/deals) and each listing's own deals. */
export const dealsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const deals = new DealsService(deps.db, deps.clock);

  contractRoute(
    app,
    endpoints.deals.listDeals,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Member deals: the offers of members whose tier includes coupons',
        description:
          'Current deals of members in the directory whose tier includes coupons (elite), newest first, then the coupon codes kept on their listings (code only). A deal past its last day (in the chamber’s time zone) is left out; so are the deals of a member whose tier no longer includes coupons. `members` deals are included for confirmed accounts and staff only. `limit` keeps the first ones (the home page’s newest).',
      },
    },
    async (request, reply) => {
      if (!request.session) reply.header('cache-control', 'no-cache');
      const answer = await deals.list(request.session, request.query.limit);
      // Each listing whose deals were shown is counted once for this answer.
      for (const contactId of new Set(answer.deals.map((d) => d.contactId))) {
        deps.counter.count(request.headers, contactId, 'deal_view');
      }
      return answer;
    },
  );

  contractRoute(
    app,
    endpoints.deals.listingDeals,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A listing’s deals, for those who may edit it',
        description:
          'Every deal of the listing `id` (a contact), expired and hidden ones too, and whether its tier includes coupons. The member themselves, moderators and admins.',
      },
    },
    async (request) => deals.forListing(request.params.id, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.deals.createDeal,
    {
      // A retried add (a dropped answer) must not publish the deal twice.
      config: { ...signedIn, idempotent: true },
      bodyLimit,
      schema: {
        tags,
        summary: 'Add a deal to a listing',
        description:
          'The member themselves, moderators and admins. The listing’s tier must include coupons (403 `tier_required`); the last day may not be in the past (400).',
      },
    },
    async (request, reply) => {
      const { contactId, ...fields } = request.body;
      const deal = await deals.create(contactId, fields, requireSession(request));
      return reply.status(201).send(deal);
    },
  );

  contractRoute(
    app,
    endpoints.deals.updateDeal,
    {
      config: signedIn,
      bodyLimit,
      schema: {
        tags,
        summary: 'Change a deal',
        description:
          'Replaces the deal’s fields. Its listing’s member, moderators and admins; the tier must still include coupons (403 `tier_required`).',
      },
    },
    async (request) => deals.update(request.params.id, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.deals.deleteDeal,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a deal',
        description: 'Its listing’s member, moderators and admins, whatever the tier.',
      },
    },
    async (request, reply) => {
      await deals.remove(request.params.id, requireSession(request));
      return reply.status(204).send(null);
    },
  );
};
