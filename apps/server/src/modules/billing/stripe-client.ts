import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

/**
 * The Stripe API version the portal speaks, pinned so that the shapes the webhook reads
 * (and the stand-in in src/test/stripe-stand-in.ts answers) do not move under it when
 * the account's default version changes. It is the SDK's own, so its types match.
 */
export const stripeApiVersion = '2026-10-28.endive' as const;

export type { Stripe };

/**
 * The SDK client for the configured account, or for the local stand-in when STRIPE_API_URL is
 * set. The SDK is loaded here, when Stripe is set up, not with the server: it holds about 6 MB
 * of heap that a portal without online payments never uses (decision 164).
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  return new Stripe(config.secretKey, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'chamber-portal' },
    ...(config.api ?? {}),
  });
}
