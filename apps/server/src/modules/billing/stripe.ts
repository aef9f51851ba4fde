// The door of the online-payment part of billing: what other modules and app.ts may use.
export { onlinePaymentRoutes } from './stripe-routes.js';
export { createStripeClient, stripeApiVersion } from './stripe-client.js';
export { type BillingForStripe, OnlinePayments } from './stripe-service.js';
export type { CardOnFile, SubscriptionHooks } from './stripe-hooks.js';
