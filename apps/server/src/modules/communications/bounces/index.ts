export { parseReport, type BounceReport, type ParseOptions } from './parse.js';
export {
  createBouncePoller,
  type BounceMailbox,
  type BouncePoller,
  type BouncePollerOptions,
  type BouncePollerStatus,
  type PollResult,
} from './poller.js';
export {
  SOFT_BOUNCES_TO_SUPPRESS,
  suppressionFor,
  type DeliveryOutcome,
  type SuppressionReason,
} from './suppression.js';
export { verpAddress, verpTokenOf } from './verp.js';
