import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  paths,
  robotsTxtSchema,
  sitemapPartParamsSchema,
  sitemapXmlSchema,
  SITEMAP_MAX_URLS,
} from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import { CalendarService } from '../calendars/index.js';
import { firstChamberAndCalendar } from '../chamber/index.js';
import type { ModuleDeps } from '../deps.js';
import { NewsArchive } from '../communications/index.js';
import { JobBoard } from '../jobs/index.js';
import { CategoriesService, MembersService } from '../members/index.js';
import {
  PUBLIC_PAGES,
  partsOf,
  robotsTxt,
  sitemapIndex,
  urlset,
  type SitemapEntry,
} from './sitemap.js';

const tags = ['site'];
const DAY = 24 * 60 * 60 * 1000;
/** How far ahead the sitemap lists events: the calendar's own window limit. */
const UPCOMING_DAYS = 365;

/** /sitemap.xml (an index past 50,000 URLs, with its parts) and /robots.txt. */
export const publicPagesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const members = new MembersService(deps.db, deps.clock, deps.config.publicUrl);
  const calendar = new CalendarService(deps.db, deps.clock);
  const jobs = new JobBoard(deps.db, deps.clock);
  const categories = new CategoriesService(deps.db, deps.clock);
  const news = new NewsArchive(deps.db, deps.config.publicUrl, deps.config.chamberName);
  const base = deps.config.publicUrl;
  // One list per data version: every sitemap request between two changes shares it.
  const kept = new VersionedCache<SitemapEntry[]>({ maxEntries: 1 });

  const entries = async (): Promise<SitemapEntry[]> => {
    const now = deps.clock.now();
    const where = await firstChamberAndCalendar(deps.db);
    const [listed, openJobs, upcoming, tree, archived] = await Promise.all([
      members.listedPages(),
      jobs.openPages(),
      where?.calendarId
        ? calendar.list(
            where.calendarId,
            {
              startDate: now.toISOString(),
              endDate: new Date(now.getTime() + UPCOMING_DAYS * DAY).toISOString(),
            },
            null,
          )
        : { events: [] },
      categories.tree(),
      news.pages(),
    ]);
    return [
      ...PUBLIC_PAGES.map((name) => ({ path: paths[name].path })),
      ...tree.categories.flatMap((c) =>
        [c, ...c.children].map((k) => ({ path: paths.membersCategory.href(k.slug) })),
      ),
      ...listed.map((m) => ({ path: paths.member.href(m.id), lastmod: m.updatedAt })),
      // The calendar's answer carries no change date for an occurrence: listed without one.
      ...upcoming.events.map((e) => ({ path: paths.event.href(e.id) })),
      ...openJobs.map((j) => ({ path: paths.jobPosting.href(j.id), lastmod: j.updatedAt })),
      ...archived.map((n) => ({ path: paths.newsItem.href(n.slug), lastmod: n.sentAt })),
    ];
  };
  const current = async () => kept.get('all', await currentDataVersion(deps.db), entries);

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'The sitemap of the public pages',
        description:
          'The public pages, every directory category, every listed member, the events of the next 365 days, the open job posts and the messages of the news archive, with their last change. Past 50,000 URLs, a sitemap index naming /sitemap-1.xml, /sitemap-2.xml, …',
        produces: ['application/xml'],
        response: { 200: sitemapXmlSchema },
      },
    },
    async (_request, reply) => {
      const all = await current();
      reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
      if (all.length <= SITEMAP_MAX_URLS) return urlset(all, base);
      return sitemapIndex(partsOf(all.length), base, deps.clock.now());
    },
  );

  app.get(
    '/sitemap-:n.xml',
    {
      schema: {
        tags,
        summary: 'One part of a large sitemap',
        description: 'Part n (from 1) of a sitemap of more than 50,000 URLs; 404 past the last.',
        produces: ['application/xml'],
        params: sitemapPartParamsSchema,
        response: { 200: sitemapXmlSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const all = await current();
      const { n } = request.params;
      if (all.length <= SITEMAP_MAX_URLS || n > partsOf(all.length)) {
        throw new AppError('not_found', 'No such sitemap part');
      }
      reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
      return urlset(all.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS), base);
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        tags,
        summary: 'What crawlers may fetch',
        description:
          'The API, staff screens and personal pages are disallowed; the sitemap is named.',
        produces: ['text/plain'],
        response: { 200: robotsTxtSchema },
      },
    },
    async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return robotsTxt(base);
    },
  );
};
