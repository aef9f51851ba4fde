import { z } from 'zod';
import { endpoint, errorAnswers, fileAnswer, idParams } from '../endpoint.js';
import {
  communicationSettingsSchema,
  trackingTokenParams,
  audiencePreviewQuerySchema,
  audiencePreviewSchema,
  campaignInputSchema,
  campaignListSchema,
  campaignPreviewSchema,
  campaignSchema,
  liftSuppressionSchema,
  mailPreferencesInputSchema,
  newsItemSchema,
  newsletterConfirmedSchema,
  newsListQuerySchema,
  newsListSchema,
  newsSlugParams,
  newsletterConfirmSchema,
  newsletterSubscribedSchema,
  newsletterSubscribeSchema,
  preferenceLinkRequestedSchema,
  preferenceLinkRequestSchema,
  sendCampaignSchema,
  suppressInputSchema,
  suppressionListQuerySchema,
  suppressionListSchema,
  suppressionSchema,
  testSentSchema,
  unsubscribeListQuerySchema,
  unsubscribeListSchema,
  unsubscribeStateSchema,
} from './schemas.js';

const denied = errorAnswers(401, 403);
const change = errorAnswers(400, 401, 403, 404, 409);
const tokenParams = z.object({ token: z.string().min(1).max(400) });

/**
 * The communications module's endpoints (apps/server/src/modules/communications): staff's
 * campaigns and audiences, the recipients' unsubscribe and newsletter sign-up, and the public
 * archive of sent messages (/news).
 */
export const communicationsEndpoints = {
  audiencePreview: endpoint({
    method: 'GET',
    path: '/admin/audiences/preview',
    query: audiencePreviewQuerySchema,
    responses: { 200: audiencePreviewSchema, ...errorAnswers(400), ...denied },
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/campaigns',
    responses: { 200: campaignListSchema, ...denied },
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/campaigns',
    body: campaignInputSchema,
    responses: { 201: campaignSchema, ...errorAnswers(400), ...denied },
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/campaigns/:id',
    params: idParams,
    responses: { 200: campaignSchema, ...errorAnswers(401, 403, 404) },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/campaigns/:id',
    params: idParams,
    body: campaignInputSchema,
    responses: { 200: campaignSchema, ...change },
  }),
  preview: endpoint({
    method: 'GET',
    path: '/admin/campaigns/:id/preview',
    params: idParams,
    responses: { 200: campaignPreviewSchema, ...errorAnswers(401, 403, 404) },
  }),
  test: endpoint({
    method: 'POST',
    path: '/admin/campaigns/:id/test',
    params: idParams,
    responses: { 200: testSentSchema, ...errorAnswers(401, 403, 404, 503) },
  }),
  send: endpoint({
    method: 'POST',
    path: '/admin/campaigns/:id/send',
    params: idParams,
    body: sendCampaignSchema,
    responses: { 200: campaignSchema, ...change, ...errorAnswers(422) },
  }),
  pause: endpoint({
    method: 'POST',
    path: '/admin/campaigns/:id/pause',
    params: idParams,
    responses: { 200: campaignSchema, ...change },
  }),
  resume: endpoint({
    method: 'POST',
    path: '/admin/campaigns/:id/resume',
    params: idParams,
    responses: { 200: campaignSchema, ...change },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/campaigns/:id/cancel',
    params: idParams,
    responses: { 200: campaignSchema, ...change },
  }),
  unsubscribeState: endpoint({
    method: 'GET',
    path: '/unsubscribe/:token',
    params: tokenParams,
    responses: { 200: unsubscribeStateSchema },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/unsubscribe/:token',
    params: tokenParams,
    responses: { 200: unsubscribeStateSchema, ...errorAnswers(400) },
  }),
  /** The preference page's topic choices; a forged token answers `{ valid: false }`. */
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/unsubscribe/:token/preferences',
    params: tokenParams,
    body: mailPreferencesInputSchema,
    responses: { 200: unsubscribeStateSchema, ...errorAnswers(400) },
  }),
  /** A fresh preference link mailed to an address; the same 202 for any address. */
  requestPreferenceLink: endpoint({
    method: 'POST',
    path: '/unsubscribe/request',
    body: preferenceLinkRequestSchema,
    responses: { 202: preferenceLinkRequestedSchema, ...errorAnswers(400, 429) },
  }),
  suppressions: endpoint({
    method: 'GET',
    path: '/admin/suppressions',
    query: suppressionListQuerySchema,
    responses: { 200: suppressionListSchema, ...errorAnswers(400), ...denied },
  }),
  suppress: endpoint({
    method: 'POST',
    path: '/admin/suppressions',
    body: suppressInputSchema,
    responses: { 201: suppressionSchema, ...errorAnswers(400, 401, 403, 409) },
  }),
  liftSuppression: endpoint({
    method: 'POST',
    path: '/admin/suppressions/lift',
    body: liftSuppressionSchema,
    responses: { 200: z.object({ lifted: z.literal(true) }), ...errorAnswers(400, 401, 403, 404) },
  }),
  /** Addresses that left a topic (mail_preferences), newest change first, a page at a time. */
  unsubscribes: endpoint({
    method: 'GET',
    path: '/admin/unsubscribes',
    query: unsubscribeListQuerySchema,
    responses: { 200: unsubscribeListSchema, ...errorAnswers(400), ...denied },
  }),
  /** A tracked link: 302 to the link's stored address; a forged token a page saying so. */
  click: endpoint({
    method: 'GET',
    path: '/r/:token',
    params: trackingTokenParams,
    responses: {
      302: z
        .null()
        .describe("To the link's address, as stored when the message was sent (no body)"),
      404: fileAnswer('A page saying the link is not known (forged or damaged)', 'text/html'),
      ...errorAnswers(400),
    },
  }),
  /** The open-counting image (`<token>.gif`): a 1×1 transparent GIF. */
  open: endpoint({
    method: 'GET',
    path: '/o/:token',
    params: trackingTokenParams,
    responses: {
      200: fileAnswer('A 1×1 transparent image', 'image/gif'),
      ...errorAnswers(400, 404),
    },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/admin/campaign-settings',
    responses: { 200: communicationSettingsSchema, ...denied },
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: '/admin/campaign-settings',
    body: communicationSettingsSchema,
    responses: { 200: communicationSettingsSchema, ...errorAnswers(400), ...denied },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/newsletter/subscribe',
    body: newsletterSubscribeSchema,
    responses: { 202: newsletterSubscribedSchema, ...errorAnswers(400, 429) },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/newsletter/confirm',
    body: newsletterConfirmSchema,
    responses: { 200: newsletterConfirmedSchema, ...errorAnswers(400, 429) },
  }),
  newsList: endpoint({
    method: 'GET',
    path: '/news',
    query: newsListQuerySchema,
    responses: { 200: newsListSchema, ...errorAnswers(400) },
  }),
  newsFeed: endpoint({
    method: 'GET',
    path: '/news/feed.atom',
    responses: { 200: fileAnswer('The archive as an Atom 1.0 feed', 'application/atom+xml') },
  }),
  newsItem: endpoint({
    method: 'GET',
    path: '/news/:slug',
    params: newsSlugParams,
    responses: { 200: newsItemSchema, ...errorAnswers(400, 404) },
  }),
};
