import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer } from '../../plugins/auth.js';
import type { Letterhead } from '../billing/index.js';
import type { SponsorPlacementsService } from './placements.js';
import type { SponsorshipsService } from './service.js';

const tags = ['sponsorships'];

/** /sponsorships (public packages, buying one) and /admin/sponsorship-packages (staff). */
export const sponsorshipsRoutes: FastifyPluginAsyncZod<{
  sponsorships: SponsorshipsService;
  placements: SponsorPlacementsService;
  /** The chamber's letterhead, as its invoices print it (billing's BillingDocuments). */
  documents: { letterhead(): Promise<Letterhead> };
}> = async (app, { sponsorships, placements, documents }) => {
  // What is counted in memory is written when the server closes cleanly.
  app.addHook('onClose', async () => placements.close());

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

  contractRoute(
    app,
    endpoints.sponsorships.placements,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'The sponsors live on a slot now',
        description:
          "`slot`: home, calendar, directory, jobs or event:{eventId}. A sponsor is live from its period's first day to its last (in the chamber's zone) when its sale is confirmed (paid online, or by invoice) and its package includes the slot; with the setting `holdUnpaid`, one whose invoice is unpaid after its due date is left out until paid. Read from a kept answer; each answer to a person's browser (not a bot) counts an impression of each sponsor, without cookies.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return placements.placements(request.query.slot, request.headers);
    },
  );

  contractRoute(
    app,
    endpoints.sponsorships.click,
    {
      schema: {
        tags,
        summary: "Follow a sponsor's link (counted)",
        description:
          '302 to the link stored with the sponsorship (never one from the request), the click counted unless the visitor is a bot. 404 when the sponsor is not live on the slot or has no link.',
      },
    },
    async (request, reply) => {
      const url = await placements.click(request.params.id, request.query.slot, request.headers);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(url, 302);
    },
  );

  contractRoute(
    app,
    endpoints.sponsorships.creative,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Set a sponsor's logo, alt text and link",
        description:
          "By staff or the business's primary or billing person (403 for anyone else). The logo is an image uploaded to the portal first (POST /medias/upload-sponsor-logo with the business's contactId, allowed to the same people: checked and resized there).",
      },
    },
    async (request) => placements.saveCreative(request.params.id, request.body, request.session!),
  );

  contractRoute(
    app,
    endpoints.sponsorships.report,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "A sponsor's impressions and clicks per placement per day",
        description:
          "For staff and the sponsor business's people (403 for anyone else). Days in the chamber's zone; counts still in memory are written first.",
      },
    },
    async (request) => placements.report(request.params.id, request.session!),
  );

  contractRoute(
    app,
    endpoints.sponsorships.reportPdf,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The sponsor report's summary as PDF",
        description:
          "On the chamber's letterhead: the sponsor, its package and period, and the impressions, clicks and click rate per placement with their totals, for the chamber to send at the end of the period. For staff and the sponsor business's people (403 for anyone else).",
      },
    },
    async (request, reply) => {
      const { filename, bytes } = await placements.reportPdf(
        request.params.id,
        request.session!,
        () => documents.letterhead(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  contractRoute(
    app,
    endpoints.sponsorships.mine,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The sponsorships of the businesses the caller is a person of',
      },
    },
    async (request) => placements.mine(request.session!),
  );

  contractRoute(
    app,
    endpoints.sponsorships.sales,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Every sponsorship sold (not lapsed), with what it shows',
      },
    },
    async () => placements.all(),
  );

  contractRoute(
    app,
    endpoints.sponsorships.settings,
    {
      config: { access: 'staff' },
      schema: { tags, summary: "The chamber's sponsorship settings" },
    },
    async () => placements.settings(),
  );

  contractRoute(
    app,
    endpoints.sponsorships.saveSettings,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Change the chamber's sponsorship settings",
        description:
          '`holdUnpaid`: a sponsor whose invoice is unpaid after its due date is not shown until it is paid.',
      },
    },
    async (request) => placements.saveSettings(request.body),
  );
};
