/**
 * The deals module: member deals (/deals/*), the offers of members whose tier includes
 * coupons, and the coupon codes their listings keep, read as deals with the code only.
 */
export { dealsRoutes } from './routes.js';
export { DealsService, seesMembersDeals } from './service.js';
