import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { TicketTypes, type Tickets } from '../tickets/index.js';
import { BenefitsService } from './service.js';

const tags = ['calendar'];
const staff = { access: 'staff' } as const;
const bodyLimit = 8 * 1024;

/** Promo codes kept by staff, the order form's check of a code, a member's benefits. */
export const benefitsRoutes: FastifyPluginAsyncZod<ModuleDeps & { tickets: Tickets }> = async (
  app,
  deps,
) => {
  const service = new BenefitsService(
    deps.db,
    deps.clock,
    new TicketTypes(deps.db, deps.clock, deps.tickets),
  );

  contractRoute(
    app,
    endpoints.benefits.promoCodes,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Promo codes, with their uses (staff)',
        description:
          "Moderators and admins. Every code with its uses counted and its status (`active`, `scheduled`, `expired`, `used_up`, `ended`), the chamber's currency and zone.",
      },
    },
    async () => service.list(),
  );

  contractRoute(
    app,
    endpoints.benefits.createPromoCode,
    {
      config: { ...staff, idempotent: true },
      bodyLimit,
      schema: {
        tags,
        summary: 'Create a promo code (staff)',
        description:
          'Moderators and admins. A percentage off each ticket or an amount off the order, for an event (maybe only some of its ticket types) or every event, with a usage limit, a window and members only. Codes are unique whatever their case (409).',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.body, requireSession(request))),
  );

  contractRoute(
    app,
    endpoints.benefits.updatePromoCode,
    {
      config: staff,
      bodyLimit,
      schema: {
        tags,
        summary: 'Change a promo code (staff)',
        description:
          'Moderators and admins; replaces every field. Its limit cannot go below its uses (409).',
      },
    },
    async (request) => service.update(request.params.id, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.benefits.deletePromoCode,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Delete a promo code never used (staff)',
        description: 'Moderators and admins. A used code cannot be deleted (409): end it instead.',
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requireSession(request));
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.benefits.endPromoCode,
    {
      config: staff,
      schema: {
        tags,
        summary: 'End a promo code (staff)',
        description: 'Moderators and admins. The code is refused from now on; its uses stay.',
      },
    },
    async (request) => service.end(request.params.id, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.benefits.checkPromoCode,
    {
      bodyLimit,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'What a promo code takes off an order, or why it is refused',
        description:
          "Anyone. The order's ticket types and quantities priced for the viewer, the viewer's plan benefits applied first, then the code. A refused code answers `applies: false` with its reason (`unknown`, `expired`, `not_yet_valid`, `used_up`, `wrong_event`, `wrong_type`, `members_only`) and a sentence to show.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.check(request.params.id, request.body, request.session);
    },
  );

  contractRoute(
    app,
    endpoints.benefits.memberBenefits,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: "A member business's plan benefits, used and left this period",
        description:
          "The business's people and staff (others: 403). Each benefit that is a ticket or a price, with its period (the chamber's month or year) and how many are used and left.",
      },
    },
    async (request) => service.memberBenefits(request.params.id, requireSession(request)),
  );
};
