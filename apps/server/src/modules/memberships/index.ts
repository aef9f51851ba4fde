/**
 * The memberships module: the plans a chamber sells (names, prices, benefits as data) and the
 * memberships of its member businesses.
 */
export { membershipPlansRoutes } from './plans-routes.js';
export { MembershipPlansService } from './plans.js';
