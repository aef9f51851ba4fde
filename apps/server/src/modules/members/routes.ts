import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, memberDetailSchema, memberListSchema } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { JsonBody } from '../../lib/json-body.js';
import { KeptResponses } from '../../lib/kept-responses.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { mergeBusinesses } from './merge.js';
import { canEditMember, MembersService } from './service.js';

/** The directory and member pages: /members, /members/{id} and its images. */
export const membersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const members = new MembersService(
    deps.db,
    deps.clock,
    deps.config.publicUrl,
    deps.config.map.region,
  );
  // Directory pages as sent, each kept until the data changes (the exact total of a large
  // directory costs tens of milliseconds to count; a page of 20 members is about 12 kB of
  // JSON, held compressed in about 5 kB).
  const pages = new KeptResponses(deps.db, {
    name: 'directory pages',
    maxEntries: 1000,
    maxSize: 12 * 1024 * 1024,
  });
  // Member pages as anonymous visitors get them (about 1 kB each), kept the same way: a
  // member page is the most shared link of the directory.
  const publicMembers = new KeptResponses(deps.db, {
    name: 'member pages',
    maxEntries: 5000,
    maxSize: 16 * 1024 * 1024,
  });

  contractRoute(
    app,
    endpoints.members.directory,
    {
      schema: {
        security: optionalBearer,
        tags: ['members'],
        summary: 'The member directory: active members, 20 a page',
        description:
          'Searches names, business names and specialties. `role` is honoured for admins only. `openNow=true` keeps the businesses open at this minute of the chamber’s clock (its time zone). `category={slug}` keeps the businesses in a category of GET /categories, a top-level one including its subcategories (404 for an unknown slug). Email addresses are included for active members and staff only; visitors and pending accounts get `email: null`.',
      },
    },
    async (request, reply) => {
      // Signed-in answers carry email addresses: never kept by a shared cache.
      reply.header('cache-control', request.session ? 'private, no-store' : 'no-cache');
      const { key, page } = await members.directory(request.query, request.session);
      // The refresh button asks for a recount; otherwise a page is computed once per change.
      const body = request.query.refresh
        ? await JsonBody.of(memberListSchema, await page())
        : await pages.get(key, memberListSchema, page);
      return body.send(request, reply);
    },
  );

  contractRoute(
    app,
    endpoints.members.get,
    {
      schema: {
        security: optionalBearer,
        tags: ['members'],
        summary: 'One member',
        description:
          'The email address is included for active members and staff, and for the member themselves; visitors and pending accounts get `email: null`. A pending or suspended member is 404 to everyone but themselves and staff.',
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // A visit to the page (the web app's own navigation); the member and staff are not visitors.
      if (!canEditMember(request.session, id)) {
        deps.counter.count(request.headers, id, 'listing_view');
      }
      if (!members.seesVisitorPage(id, request.session)) {
        // Members' answers carry the email: computed for each request, never shared.
        reply.header('cache-control', 'private, no-store');
        return members.get(id, request.session);
      }
      reply.header('cache-control', request.session ? 'private, no-store' : 'no-cache');
      const body = await publicMembers.get(id, memberDetailSchema, () => members.get(id, null));
      return body.send(request, reply);
    },
  );

  contractRoute(
    app,
    endpoints.members.click,
    {
      schema: {
        tags: ['members'],
        summary: 'Count a click to a listing’s website or phone',
        description:
          'Sent by the member page and the directory card (as a beacon) when a visitor follows the website or phone link. Added to the listing’s daily total; no cookie is read and nothing about the visitor is kept; requests from bots (by their user agent) are not counted. Always 204, for a listing that does not exist too.',
      },
    },
    async (request, reply) => {
      const kind = request.body.kind === 'website' ? 'website_click' : 'phone_click';
      deps.counter.count(request.headers, request.params.id, kind);
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.members.update,
    {
      config: { access: 'signed-in' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['members'],
        summary: 'Save a member page (the member, a moderator or an admin)',
        description:
          'Absent fields stay as they are. Bio, website and address need the enhanced tier; coupon codes and the cover image need elite (403 tier_required). The email cannot change here.',
      },
    },
    async (request) => members.update(request.params.id, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.members.setHours,
    {
      config: { access: 'signed-in' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['members'],
        summary: 'Set a business’s opening hours (the member, a moderator or an admin)',
        description:
          'Per weekday the intervals open (several make breaks), HH:MM on the chamber’s wall clock, and the closure days. Overlapping intervals, an interval that closes before it opens and times that are not HH:MM are refused (400, naming the field). Every day empty and no closures clears the hours.',
      },
    },
    async (request) => members.setHours(request.params.id, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.members.setLocation,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'Move a business’s map pin (the member, a moderator or an admin)',
        description:
          '`{ lat, lng }` in degrees. The pin must lie in the chamber’s region (MAP_REGION; 400 otherwise) and the plan must show the address (Enhanced or Elite; 403 tier_required otherwise). A pin placed by hand stays until the address changes, which sends the address to the geocoder again.',
      },
    },
    async (request) =>
      members.setLocation(request.params.id, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.members.setAvatar,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: "Set a member's avatar to an uploaded image ('' removes it)",
      },
    },
    async (request) =>
      members.setImage(
        request.params.id,
        'avatar',
        request.body.avatarUrl,
        requireSession(request),
      ),
  );

  contractRoute(
    app,
    endpoints.members.setCoverImage,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: "Set an elite member's cover image to an uploaded image ('' removes it)",
      },
    },
    async (request) =>
      members.setImage(
        request.params.id,
        'coverImage',
        request.body.coverImageUrl,
        requireSession(request),
      ),
  );

  contractRoute(
    app,
    endpoints.members.merge,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['members', 'admin'],
        summary: 'Merge a business into another that is the same',
        description:
          "The business `{id}` moves into `intoId` in one transaction: its people join the target (the same sign-in once; its primary contact becomes a listing editor), and every row that names it (invoices and payments' invoices, its membership and history, deals, job posts, celebrations, categories, media, listing counts, invitations, the sign-ins acting for it) names the target; where the target already has the row a business has one of (its membership, a category, a day's listing counts) the target's is kept and the merged business's is dropped. The merged business is then deleted and the audit log records what moved (`member.merge`). Answers the target's member page. 400 when both are the same business, 404 when either does not exist.",
      },
    },
    async (request) => {
      const session = requireSession(request);
      await mergeBusinesses(
        deps.db,
        session,
        request.params.id,
        request.body.intoId,
        deps.clock.now(),
      );
      return members.get(request.body.intoId, session);
    },
  );
};
