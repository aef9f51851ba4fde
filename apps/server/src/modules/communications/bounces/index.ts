import type { BouncePoller, BouncePollerOptions } from './poller.js';

export type { BounceReport, ParseOptions } from './parse.js';
export type {
  BounceMailbox,
  BouncePoller,
  BouncePollerOptions,
  BouncePollerStatus,
  PollResult,
} from './poller.js';
export {
  SOFT_BOUNCES_TO_SUPPRESS,
  suppressionFor,
  type DeliveryOutcome,
  type SuppressionReason,
} from './suppression.js';
export { verpAddress, verpTokenOf } from './verp.js';

/**
 * The bounce mailbox's poller. Its IMAP client and mail parser (imapflow, mailparser: about
 * 13 MB of heap) are loaded here, when a bounce mailbox is set up, not with the server
 * (decision 164).
 */
export async function createBouncePoller(options: BouncePollerOptions): Promise<BouncePoller> {
  const { createBouncePoller: create } = await import('./poller.js');
  return create(options);
}
