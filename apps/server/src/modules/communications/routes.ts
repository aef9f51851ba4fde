import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute, type RouteDocs } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import type { NewsArchive } from './news.js';
import type { CommunicationsService } from './service.js';
import type { MailSubscriptions } from './subscriptions.js';
import type { Suppressions } from './suppressions.js';
import { PIXEL, unknownLinkPage } from './tracking.js';

const staff = (docs: RouteDocs) => ({
  config: { access: 'staff' as const },
  schema: { tags: ['communications', 'admin'], ...docs },
});

const open = (docs: RouteDocs) => ({ schema: { tags: ['communications'], ...docs } });

/** The archive answers the same to everyone: its own Cache-Control stands for signed-in callers. */
const archive = (docs: RouteDocs) => ({
  config: { publicCache: true },
  schema: { tags: ['communications'], ...docs },
});

/** The page a forged link opens: nothing loads, runs or frames it. */
const PAGE_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * /admin/campaigns* and /admin/audiences/preview (staff's campaigns), /unsubscribe/{token}
 * (one click, RFC 8058), /newsletter/* (the public sign-up) and /news* (the public archive of
 * sent messages, with its Atom feed), thin over CommunicationsService, MailSubscriptions and NewsArchive.
 */
export const communicationsRoutes: FastifyPluginAsyncZod<{
  communications: CommunicationsService;
  subscriptions: MailSubscriptions;
  suppressions: Suppressions;
  news: NewsArchive;
}> = async (app, { communications, subscriptions, suppressions, news }) => {
  contractRoute(
    app,
    endpoints.communications.suppressions,
    staff({
      summary: 'The addresses bulk mail does not go to, and why; how the bounce mailbox reads',
      description:
        'Suppressed now (a hard bounce, a complaint, three soft bounces in a row, or staff), newest first, `limit` (at most and by default 200) from `offset` (`truncated` says when more follow; `pagination.total` counts them all; `q` narrows by address). `mailbox` is how reading the bounce mailbox goes (null when none is configured). Transactional mail (receipts, invoices, registrations, resets) is never suppressed.',
    }),
    async (request) => suppressions.list(request.query),
  );

  contractRoute(
    app,
    endpoints.communications.unsubscribes,
    staff({
      summary: 'The addresses that left a topic, and which',
      description:
        'Every address that unsubscribed from at least one topic (newsletter, announcements, event news) by a link or on the preference page, the latest change first (`updatedAt`), `limit` from `offset`; `q` narrows by address. Transactional mail (receipts, invoices, registrations, resets) still reaches them.',
    }),
    async (request) => suppressions.unsubscribes(request.query),
  );

  contractRoute(
    app,
    endpoints.communications.suppress,
    staff({
      summary: 'Stop bulk mail to an address',
      description:
        'Reason `manual`, with staff’s note. 409 when the address is suppressed already. Audited.',
    }),
    async (request, reply) => {
      reply.code(201);
      return suppressions.suppress(request.session!, request.body.email, request.body.detail);
    },
  );

  contractRoute(
    app,
    endpoints.communications.liftSuppression,
    staff({
      summary: 'Let bulk mail reach an address again',
      description:
        'The suppression is kept as history (lifted); bounces before the lift no longer count. 404 when the address is not suppressed. Audited.',
    }),
    async (request) => suppressions.lift(request.session!, request.body.email),
  );

  contractRoute(
    app,
    endpoints.communications.audiencePreview,
    staff({
      summary: 'How many an audience reaches now, and a few of them',
      description:
        '`audience` is the JSON of a campaign audience (`{"segments":[...]}`): the union of its segments, each address once, less suppressed addresses and those unsubscribed from `topic`.',
    }),
    async (request) => communications.preview(request.query.audience, request.query.topic),
  );

  contractRoute(
    app,
    endpoints.communications.list,
    staff({ summary: 'Campaigns, newest first' }),
    async () => communications.list(),
  );

  contractRoute(
    app,
    endpoints.communications.create,
    staff({
      summary: 'Write a campaign (a draft)',
      description:
        'The content is HTML from the editor, sanitized here (headings, paragraphs, links, `a.button`, lists, images, emphasis and the block placeholders `<div data-block="upcoming-events"></div>` and `<div data-block="new-members"></div>`).',
    }),
    async (request, reply) =>
      reply.status(201).send(await communications.create(request.session!, request.body)),
  );

  contractRoute(
    app,
    endpoints.communications.get,
    staff({ summary: 'A campaign, with its recipients counted per state' }),
    async (request) => communications.get(request.params.id),
  );

  contractRoute(
    app,
    endpoints.communications.update,
    staff({
      summary: 'Change a draft or scheduled campaign',
      description:
        '409 once its send has started (sending, paused, sent or cancelled), except for `public` alone (the other fields given unchanged): a sent message may be added to the public archive or taken out. `public` left out keeps it as it is. The slug is made from the subject the first time the campaign is public and kept from then on.',
    }),
    async (request) => communications.update(request.params.id, request.body),
  );

  contractRoute(
    app,
    endpoints.communications.preview,
    staff({
      summary: 'The campaign as mailed to the signed-in staff member, without sending it',
      description:
        "`html` is the whole branded mail (show it in a sandboxed frame), `text` its plain-text part, both rendered for the staff member's own address with the blocks filled as a send fills them. Nothing is sent or recorded.",
    }),
    async (request) => communications.previewMail(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.communications.test,
    staff({ summary: "Send the campaign to the signed-in staff member's address" }),
    async (request) => communications.sendTest(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.communications.send,
    staff({
      summary: 'Send now, or at `at`',
      description:
        'Now (no `at`, or a past one): the recipients are listed at once and mailed at the configured pace. 422 when the audience reaches nobody; 409 when the send started already.',
    }),
    async (request) => communications.send(request.params.id, request.body.at),
  );

  contractRoute(
    app,
    endpoints.communications.pause,
    staff({ summary: 'Stop sending for now' }),
    async (request) => communications.pause(request.params.id),
  );
  contractRoute(
    app,
    endpoints.communications.resume,
    staff({ summary: 'Go on sending' }),
    async (request) => communications.resume(request.params.id),
  );
  contractRoute(
    app,
    endpoints.communications.cancel,
    staff({ summary: 'Cancel: recipients not yet sent to are not sent to' }),
    async (request) => communications.cancel(request.params.id),
  );

  contractRoute(
    app,
    endpoints.communications.unsubscribeState,
    open({
      summary: "An unsubscribe link's address and topic choices",
      description:
        'A forged or damaged token answers `{ valid: false }` (the page then asks for the address).',
    }),
    async (request) => subscriptions.unsubscribeState(request.params.token),
  );

  contractRoute(
    app,
    endpoints.communications.unsubscribe,
    open({
      summary: 'Unsubscribe in one click (RFC 8058)',
      description:
        "Mail programs post `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded; any body is accepted. The address leaves the token's topic for every later send; transactional mail is not affected.",
    }),
    async (request) => subscriptions.unsubscribe(request.params.token),
  );

  contractRoute(
    app,
    endpoints.communications.updatePreferences,
    open({
      summary: "Choose the token's address's topics on the preference page",
      description:
        '`topics` names each topic as received (true) or not (false); a topic set to true again removes its unsubscribe, one not named stays as it is. A forged or damaged token changes nothing and answers `{ valid: false }`. Transactional mail is not affected.',
    }),
    async (request) => subscriptions.setPreferences(request.params.token, request.body.topics),
  );

  contractRoute(
    app,
    endpoints.communications.requestPreferenceLink,
    open({
      summary: 'Mail a fresh preference link to an address',
      description:
        'For the page a forged or expired link opened. The same 202 whether or not the address ever had mail from the portal (an unknown one gets none). Limited per address and per client address.',
    }),
    async (request, reply) =>
      reply
        .status(202)
        .send(await subscriptions.requestPreferenceLink(request.body.email, request.ip)),
  );

  contractRoute(
    app,
    endpoints.communications.click,
    open({
      summary: "Follow a message's tracked link",
      description:
        "The link of a campaign whose sender chose to count clicks: 302 to the address stored when the message was sent (never one read from the token), and the click recorded for the token's recipient. A forged or damaged token, or one whose link is not of its recipient's campaign, answers a page saying the link does not work (404), never a redirect.",
    }),
    async (request, reply) => {
      const url = await communications.click(request.params.token, (err) =>
        request.log.warn({ err }, 'campaign click not recorded'),
      );
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!url) {
        return reply
          .status(404)
          .header('content-security-policy', PAGE_POLICY)
          .type('text/html; charset=utf-8')
          .send(unknownLinkPage(communications.home));
      }
      return reply.redirect(url, 302);
    },
  );

  contractRoute(
    app,
    endpoints.communications.open,
    open({
      summary: "A message's open-counting image (`<token>.gif`)",
      description:
        "Only in mails sent while the chamber counts opens (its campaign setting, off by default): a 1×1 transparent GIF; the recipient's first open is recorded. 404 for a forged or damaged token.",
    }),
    async (request, reply) => {
      const known = await communications.open(request.params.token, (err) =>
        request.log.warn({ err }, 'campaign open not recorded'),
      );
      if (!known) throw new AppError('not_found', 'No such image.');
      return reply.header('cache-control', 'no-store, private').type('image/gif').send(PIXEL);
    },
  );

  contractRoute(
    app,
    endpoints.communications.settings,
    {
      config: { access: 'admin' as const },
      schema: { tags: ['communications', 'admin'], summary: "The chamber's bulk mail settings" },
    },
    async () => communications.settings(),
  );

  contractRoute(
    app,
    endpoints.communications.putSettings,
    {
      config: { access: 'admin' as const },
      schema: {
        tags: ['communications', 'admin'],
        summary: "Change the chamber's bulk mail settings",
        description:
          "`countOpens`: campaign mails whose send starts from now on carry a 1×1 tracking image that records each recipient's first open (off by default). Sends already started keep the choice they started with.",
      },
    },
    async (request) => communications.putSettings(request.body),
  );

  contractRoute(
    app,
    endpoints.communications.subscribe,
    open({
      summary: "Sign up for the chamber's newsletter (double opt-in)",
      description:
        'A confirmation link is mailed; the answer is the same for a new, a pending and a confirmed address. Limited per client address.',
    }),
    async (request, reply) =>
      reply.status(202).send(await subscriptions.subscribe(request.body.email, request.ip)),
  );

  contractRoute(
    app,
    endpoints.communications.confirm,
    open({ summary: "Confirm a newsletter sign-up with its link's token" }),
    async (request) => subscriptions.confirm(request.body.token),
  );

  contractRoute(
    app,
    endpoints.communications.newsList,
    archive({
      summary: 'The public archive: sent messages marked public, newest first',
      description: `Each with its slug, subject, send date and a short plain-text excerpt; 20 a page (\`page\` from 1).`,
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return news.list(request.query.page);
    },
  );

  contractRoute(
    app,
    endpoints.communications.newsFeed,
    archive({
      summary: 'The public archive as an Atom 1.0 feed (application/atom+xml)',
      description:
        'The 20 newest sent public messages, each with its content as sent (HTML, escaped) without any recipient’s links.',
    }),
    async (_request, reply) =>
      reply
        .type(ATOM_CONTENT_TYPE)
        .header('cache-control', 'public, max-age=300')
        .send(await news.feed()),
  );

  contractRoute(
    app,
    endpoints.communications.newsItem,
    archive({
      summary: 'One sent public message of the archive',
      description:
        'Its subject, send date and content HTML as sent (sanitized; the blocks filled at send time are left out). 404 for a draft, a message not public or an unknown slug.',
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return news.get(request.params.slug);
    },
  );
};
