import { z } from 'zod';
import {
  publicSponsorshipPackagesSchema,
  sponsorPlacementsSchema,
  appointmentSchema,
  appConfigSchema,
  calendarSchema,
  categoryTreeSchema,
  chamberSchema,
  dealListSchema,
  eventListSchema,
  jobPostListSchema,
  jobPostSchema,
  listJobPostsQuerySchema,
  listDealsQuerySchema,
  listEventsQuerySchema,
  listMembersQuerySchema,
  memberDetailSchema,
  memberListSchema,
  membershipPlanListSchema,
  newsItemSchema,
  newsListSchema,
  type PageDataSource,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { CalendarService } from '../calendars/index.js';
import { NewsArchive } from '../communications/index.js';
import type { SponsorPlacementsService, SponsorshipsService } from '../sponsorships/index.js';
import type { Tickets } from '../tickets/index.js';
import { ChamberService } from '../chamber/index.js';
import { DealsService } from '../deals/index.js';
import { JobBoard } from '../jobs/index.js';
import { CategoriesService, MembersService } from '../members/index.js';
import { MembershipPlansService } from '../memberships/index.js';

/**
 * The value as the API sends it: through the route's response schema, then JSON (typed as the
 * web app types the API's answers).
 */
const asSent = <S extends z.ZodType>(schema: S, value: z.output<S>): z.output<S> =>
  JSON.parse(JSON.stringify(z.encode(schema, value))) as z.output<S>;

/** A member or job post an anonymous visitor cannot open (404, 410) is no page to render. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'gone')) {
      return null;
    }
    throw error;
  }
}

/**
 * What the server renderer reads, in-process: the answers an anonymous visitor gets from
 * GET /config, /locations/{id}, /members, /members/{id}, /job-posts, /job-posts/{id},
 * /calendars/{id}, /calendars/{id}/events, /calendars/appointments/{id}, /membership-plans,
 * /deals, /news and /news/{slug}, from the same services and through the same schemas. `tickets` is the calendar
 * routes' own, so an event's price and payment read as the API sends them.
 */
export function servicePageData(
  db: Database,
  clock: Clock,
  config: Config,
  tickets: Tickets | null,
  sponsorships: SponsorshipsService | null = null,
  placements: SponsorPlacementsService | null = null,
): PageDataSource {
  const chamber = new ChamberService(db, clock, config);
  const members = new MembersService(db, clock, config.publicUrl);
  const jobs = new JobBoard(db, clock);
  const calendar = new CalendarService(db, clock, tickets);
  const plans = new MembershipPlansService(db, clock);
  const deals = new DealsService(db, clock);
  const categories = new CategoriesService(db, clock);
  const news = new NewsArchive(db, config.publicUrl, config.chamberName);
  return {
    config: async () => asSent(appConfigSchema, await chamber.startUp()),
    location: async (id) => {
      const found = await orNull(chamber.get(id));
      return found && asSent(chamberSchema, found);
    },
    member: async (id) => {
      const found = await orNull(members.get(id, null));
      return found && asSent(memberDetailSchema, found);
    },
    members: async (query) => {
      const parsed = listMembersQuerySchema.parse({ ...query, source: 'MembersPage' });
      return asSent(memberListSchema, await members.list(parsed, null));
    },
    categories: async () => asSent(categoryTreeSchema, await categories.tree()),
    jobPosts: async () =>
      asSent(jobPostListSchema, await jobs.board(listJobPostsQuerySchema.parse({}))),
    jobPost: async (id) => {
      const found = await orNull(jobs.get(id, null));
      return found && asSent(jobPostSchema, found);
    },
    event: async (id) => {
      const found = await orNull(calendar.appointment(id, null));
      return found && asSent(appointmentSchema, found);
    },
    calendar: async (id) => {
      const found = await orNull(calendar.calendar(id));
      return found && asSent(calendarSchema, found);
    },
    events: async (calendarId, window) =>
      asSent(
        eventListSchema,
        await calendar.list(calendarId, listEventsQuerySchema.parse(window), null),
      ),
    membershipPlans: async () => asSent(membershipPlanListSchema, await plans.listAnswer()),
    deals: async (limit) =>
      asSent(dealListSchema, await deals.list(null, listDealsQuerySchema.parse({ limit }).limit)),
    news: async (page) => asSent(newsListSchema, await news.list(page)),
    sponsorshipPackages: async () =>
      asSent(
        publicSponsorshipPackagesSchema,
        sponsorships ? await sponsorships.publicPackages() : { packages: [] },
      ),
    sponsorPlacements: async (slot) =>
      asSent(
        sponsorPlacementsSchema,
        placements ? await placements.placements(slot) : { slot, sponsors: [] },
      ),
    newsItem: async (slug) => {
      const found = await orNull(news.get(slug));
      return found && asSent(newsItemSchema, found);
    },
  };
}
