import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer } from '../../plugins/auth.js';
import type { SponsorshipsService } from './service.js';

const tags = ['sponsorships'];

/** /sponsorships (public packages, buying one) and /admin/sponsorship-packages (staff). */
export const sponsorshipsRoutes: FastifyPluginAsyncZod<{
  sponsorships: SponsorshipsService;
}> = async (app, { sponsorships }) => {
  contractRoute(
    app,
    endpoints.sponsorships.packages,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'The sponsorship packages on offer, each with what is left',
        description:
          "Packages staff have not archived, by period. `left` is the quantity less confirmed sales and online purchases still held; `soldOut` when none is left; `onSale` when today (in the chamber's zone) is within the sale window.",
      },
    },
    async () => sponsorships.publicPackages(),
  );

  contractRoute(
    app,
    endpoints.sponsorships.purchase,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Buy a sponsorship package for a business',
        description:
          "By the business's primary or billing person (or staff). `invoice`: confirmed at once, the invoice mailed with its PDF. `online`: held 30 minutes with a Checkout page (`checkoutUrl`); unpaid by then it lapses and the package is free again. 409 when sold out, outside the sale window or archived; 403 for anyone else.",
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await sponsorships.purchase(request.params.id, request.body, request.session!)),
  );

  contractRoute(
    app,
    endpoints.sponsorships.adminList,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Every sponsorship package, with sold and left',
        description: 'Archived packages too (`archived`).',
      },
    },
    async () => sponsorships.adminPackages(),
  );

  contractRoute(
    app,
    endpoints.sponsorships.create,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Define a sponsorship package',
        description:
          "Price in cents (0 or more), quantity, the period (dates in the chamber's zone, ending no earlier than it starts), an optional sale window, the placements included, optionally an event and a sponsor level.",
      },
    },
    async (request, reply) => reply.code(201).send(await sponsorships.create(request.body)),
  );

  contractRoute(
    app,
    endpoints.sponsorships.update,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change a sponsorship package, or archive it',
        description:
          'A package with sales is archived (`archived: true`), never deleted. 409 for a quantity below what is already sold.',
      },
    },
    async (request) => sponsorships.update(request.params.id, request.body),
  );

  contractRoute(
    app,
    endpoints.sponsorships.sell,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Sell a sponsorship package to a business',
        description:
          'To any business, member or not (one without a membership is a prospect). Staff may sell outside the sale window; never more than the quantity (409 when sold out).',
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await sponsorships.staffSale(request.params.id, request.body, request.session!)),
  );
};
