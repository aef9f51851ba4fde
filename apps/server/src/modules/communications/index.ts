/**
 * The communications module: staff's campaigns to segments of members and subscribers
 * (/admin/campaigns*, /admin/audiences/preview), sent at a pace by CampaignSender, and the
 * recipients' one-click unsubscribe and the newsletter's double opt-in. Bounce reading lives
 * beside it (./bounces).
 */
export { CommunicationsService } from './service.js';
export { MailSubscriptions } from './subscriptions.js';
export { CampaignSender } from './sender.js';
export { communicationsRoutes } from './routes.js';
export { excerptOf, NewsArchive } from './news.js';
export { UnsubscribeTokens } from './tokens.js';
export { Suppressions } from './suppressions.js';
export { createBouncePoller, type BouncePoller } from './bounces/index.js';
