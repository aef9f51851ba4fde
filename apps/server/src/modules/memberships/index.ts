/**
 * The memberships module: the plans a chamber sells (names, prices, benefits as data); a member
 * business's membership (plan, standing, terms, history), the rules of joining, paying,
 * renewing, changing plan and lapsing, the dues job's work, and the /membership and
 * /admin/memberships routes. It keeps contacts.membership_tier, payment_status and listed in
 * line with each membership.
 */
export type { MembershipBilling, PaidWith } from './billing-port.js';
export { MembershipsService } from './service.js';
export { advanceStanding, registerDuesMail, runDues, type DuesRunReport } from './dues-run.js';
export { membershipPlansRoutes } from './plans-routes.js';
export { MembershipPlansService } from './plans.js';
export { subscriptionHooks } from './stripe-effects.js';
export { membershipBilling } from './billing-adapter.js';
export { membershipRoutes } from './routes.js';
export { chamberCurrency } from './standing.js';
export { planBenefitsOf } from './benefit-plans.js';
