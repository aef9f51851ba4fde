import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import {
  publicSponsorshipPackagesSchema,
  sponsorshipPackageInputSchema,
  sponsorshipPackageSchema,
  sponsorshipPackagesSchema,
  sponsorshipPurchaseSchema,
  sponsorshipSaleSchema,
} from '../sponsorships.js';

const packageParams = z.object({ id: z.string().uuid('id must be a package id') });

/**
 * The sponsorships module's endpoints (apps/server/src/modules/sponsorships): the public
 * packages and buying one, and staff's packages and sales.
 */
export const sponsorshipsEndpoints = {
  packages: endpoint({
    method: 'GET',
    path: '/sponsorships/packages',
    responses: { 200: publicSponsorshipPackagesSchema },
  }),
  purchase: endpoint({
    method: 'POST',
    path: '/sponsorships/packages/:id/purchase',
    params: packageParams,
    body: sponsorshipPurchaseSchema,
    responses: { 201: sponsorshipSaleSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/sponsorship-packages',
    responses: { 200: sponsorshipPackagesSchema, ...errorAnswers(401, 403) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/sponsorship-packages',
    body: sponsorshipPackageInputSchema,
    responses: { 201: sponsorshipPackageSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/sponsorship-packages/:id',
    params: packageParams,
    body: sponsorshipPackageInputSchema,
    responses: { 200: sponsorshipPackageSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  sell: endpoint({
    method: 'POST',
    path: '/admin/sponsorship-packages/:id/sales',
    params: packageParams,
    body: sponsorshipPurchaseSchema,
    responses: { 201: sponsorshipSaleSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
};
