/**
 * The sponsorships module: packages staff define and their sale (/sponsorships,
 * /admin/sponsorship-packages). Each sale is a `sponsorships` row the placements read.
 */
export type { SponsorshipBilling, SponsorshipInvoice } from './billing-port.js';
export * as sponsorshipQueries from './queries.js';
export { SponsorPlacementsService } from './placements.js';
export { sponsorshipsRoutes } from './routes.js';
export { SponsorshipsService, windowRefusal } from './service.js';
