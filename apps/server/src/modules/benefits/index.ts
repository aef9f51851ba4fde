/**
 * The benefits module: promo codes (kept by staff, checked by the order form) and the plan
 * benefits that are tickets or prices, applied by themselves to a current member's orders.
 * Orders price with `discountsFor` and record the uses with `redeem` in their transaction;
 * a cancelled order gives them back with `releaseRedemptions`.
 */
export { applyDiscounts, percentOf, type OrderLine } from './pricing.js';
export {
  type DiscountEvent,
  discountEventOf,
  discountsFor,
  type DiscountsAnswer,
  type DiscountsInput,
  periodKey,
  redeem,
  type Redemption,
  releaseRedemptions,
  type Viewer,
  viewerOf,
} from './discounts.js';
export { BenefitsService } from './service.js';
export { benefitsRoutes } from './routes.js';
