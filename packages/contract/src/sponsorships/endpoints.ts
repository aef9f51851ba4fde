import { z } from 'zod';
import { endpoint, errorAnswers, fileAnswer } from '../endpoint.js';
import {
  sponsorClickQuerySchema,
  sponsorCreativeInputSchema,
  sponsorCreativeSchema,
  sponsorPlacementsQuerySchema,
  sponsorPlacementsSchema,
  sponsorReportSchema,
  sponsorshipSettingsSchema,
  sponsorSummariesSchema,
  publicSponsorshipPackagesSchema,
  sponsorshipPackageInputSchema,
  sponsorshipPackageSchema,
  sponsorshipPackagesSchema,
  sponsorshipPurchaseSchema,
  sponsorshipSaleSchema,
} from '../sponsorships.js';

const sponsorParams = z.object({ id: z.string().uuid('id must be a sponsorship id') });
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
  placements: endpoint({
    method: 'GET',
    path: '/sponsors/placements',
    query: sponsorPlacementsQuerySchema,
    responses: { 200: sponsorPlacementsSchema, ...errorAnswers(400) },
  }),
  click: endpoint({
    method: 'GET',
    path: '/sponsors/:id/click',
    params: sponsorParams,
    query: sponsorClickQuerySchema,
    responses: {
      302: z.null().describe("To the sponsor's stored link (no body)"),
      ...errorAnswers(400, 404),
    },
  }),
  creative: endpoint({
    method: 'PUT',
    path: '/sponsors/:id/creative',
    params: sponsorParams,
    body: sponsorCreativeInputSchema,
    responses: { 200: sponsorCreativeSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  report: endpoint({
    method: 'GET',
    path: '/sponsors/:id/report',
    params: sponsorParams,
    responses: { 200: sponsorReportSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  reportPdf: endpoint({
    method: 'GET',
    path: '/sponsors/:id/report.pdf',
    params: sponsorParams,
    responses: {
      200: fileAnswer("The sponsor report's summary", 'application/pdf'),
      ...errorAnswers(400, 401, 403, 404),
    },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/sponsors/mine',
    responses: { 200: sponsorSummariesSchema, ...errorAnswers(401) },
  }),
  sales: endpoint({
    method: 'GET',
    path: '/admin/sponsorships',
    responses: { 200: sponsorSummariesSchema, ...errorAnswers(401, 403) },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/admin/sponsorship-settings',
    responses: { 200: sponsorshipSettingsSchema, ...errorAnswers(401, 403) },
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/admin/sponsorship-settings',
    body: sponsorshipSettingsSchema,
    responses: { 200: sponsorshipSettingsSchema, ...errorAnswers(400, 401, 403) },
  }),
};
