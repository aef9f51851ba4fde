import {
  HOME_DEALS,
  MEMBERS_PAGE_SIZE,
  type AppConfig,
  type AppPathName,
  type PageDataSource,
} from '@chamber/contract';
import type { QueryClient } from '@tanstack/react-query';
import { calendarEventsQueryOptions } from '@/features/calendar/api/get-calendar-events';
import { calendarQueryOptions, calendarZone } from '@/features/calendar/api/get-calendar';
import { eventQueryOptions } from '@/features/calendar/api/get-event';
import { openingView } from '@/features/calendar/lib/month-grid';
import { dealsQueryOptions } from '@/features/deals/api/deals';
import { jobBoardQueryOptions, jobPostQueryOptions } from '@/features/jobs/api/job-posts';
import { newsItemQueryOptions, newsListQueryOptions } from '@/features/news/api/news';
import { newsPageOf } from '@/features/news/lib/news-page';
import {
  eventSponsorSlot,
  sponsorPlacementsQueryOptions,
  sponsorshipPackagesQueryOptions,
} from '@/features/sponsorships/api/sponsorships';
import { boardFilters } from '@/features/jobs/lib/board-filters';
import {
  directoryFilters,
  directoryOffset,
  memberCountQueryOptions,
  membersInfiniteQueryOptions,
} from '@/features/members/api/get-members';
import { categoriesQueryOptions } from '@/lib/api/categories';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';
import { memberQueryOptions } from '@/lib/api/members';
import {
  futureEvents,
  PART_OF_THE_WINDOW,
  upcomingEventsQueryOptions,
  upcomingWindow,
} from '@/lib/api/upcoming-events';
import { MAX_EVENT_SLIDES } from '@/features/home/lib/home-slides';

export interface PageDataContext {
  params: Record<string, string>;
  /** The query string: the calendar's `month`, the directory's `page` (see rendersQuery). */
  search: URLSearchParams;
  source: PageDataSource;
  queryClient: QueryClient;
  config: AppConfig;
  /** The server's clock: what "upcoming" and "today" are read at (the page draws with it). */
  now: Date;
}

/**
 * Puts the page's data into the query client under the keys its components read, and answers
 * false when the page has none to show (a member who is not public: the browser
 * then draws the error card over the 404, as before).
 */
export type PageData = (context: PageDataContext) => Promise<boolean>;

const staticPage: PageData = async () => true;

/** An event page's sponsor slot (a uuid is the only id a slot names; others have none). */
const eventSlot = ({ params }: PageDataContext) => eventSponsorSlot(params.id ?? '');

/**
 * The membership plans, as every price card and tier page reads them, and every member's
 * level badge, named after its plan (a chamber may rename its plans).
 */
const plans: PageData = async ({ source, queryClient }) => {
  const { plans: list } = await source.membershipPlans();
  queryClient.setQueryData(membershipPlansQueryOptions().queryKey, list);
  return true;
};

/**
 * The directory's first page, all members or those open now (the key the directory reads),
 * and the plans its cards' badges are named after.
 */
const directoryPage =
  (openNow: boolean): PageData =>
  async (context) => {
    const { source, queryClient, params, search } = context;
    // A category's page (/members/category/{slug}); an unknown one is no page to draw.
    const category = params.slug ?? null;
    const [tree] = await Promise.all([source.categories(), plans(context)]);
    queryClient.setQueryData(categoriesQueryOptions().queryKey, tree);
    if (
      category &&
      !tree.categories.some(
        (c) => c.slug === category || c.children.some((k) => k.slug === category),
      )
    ) {
      return false;
    }
    const filters = directoryFilters({ search: '', role: null, sort: 'name' }, openNow, category);
    // `?page=N` (the links that page the directory without scripts): its members first.
    const from = directoryOffset(search.get('page'));
    const { queryKey } = membersInfiniteQueryOptions(filters, undefined, from);
    const first = await source.members({
      limit: MEMBERS_PAGE_SIZE,
      offset: from,
      sort: 'name',
      ...(openNow ? { openNow } : {}),
      ...(category ? { category } : {}),
    });
    queryClient.setQueryData(queryKey, { pages: [first], pageParams: [from] });
    if (openNow || category) {
      // 'Showing X of N members' counts every member: the count the heading reads.
      const all = await source.members({ limit: 1, offset: 0, sort: 'name' });
      queryClient.setQueryData(memberCountQueryOptions().queryKey, all.total);
    }
    return true;
  };

/**
 * The upcoming events' window (a year from this month, the chamber's clock) under the key the
 * page reads. With `drawn`, only the first `drawn` events after `now`: the ones the page shows.
 * The home page's carousel shows three, and the whole window (up to 2,000 events, 2 MB of JSON
 * at the bench's scale) would otherwise ride in every home page. Such a part is kept as read
 * at the epoch: stale, so a screen that lists the whole window reads it again
 * (`useUpcomingEvents`). The calendar gets the whole window: its list says how many there are.
 */
async function upcoming({ source, queryClient, config, now }: PageDataContext, drawn?: number) {
  if (!config.calendarId) return;
  const { startDate, endDate } = upcomingWindow(config.calendarId, now);
  const { queryKey } = upcomingEventsQueryOptions(config.calendarId, now);
  const list = await source.events(config.calendarId, { startDate, endDate });
  if (drawn === undefined) {
    queryClient.setQueryData(queryKey, list);
    return;
  }
  const events = futureEvents(list.events, now.getTime()).slice(0, drawn);
  queryClient.setQueryData(queryKey, { ...list, events }, { updatedAt: PART_OF_THE_WINDOW });
}

/** The sponsors live on a slot, under the key the strip reads. */
async function sponsors({ source, queryClient }: PageDataContext, slot: string) {
  const { sponsors: list } = await source.sponsorPlacements(slot);
  queryClient.setQueryData(sponsorPlacementsQueryOptions(slot).queryKey, list);
}

/** A page's data and its sponsors on `slot`, read side by side. */
const withSponsors =
  (slot: (context: PageDataContext) => string, page: PageData): PageData =>
  async (context) => {
    const [shown] = await Promise.all([page(context), sponsors(context, slot(context))]);
    return shown;
  };

/**
 * The pages the server renders, and what each one reads before it is drawn. A page that is
 * not listed is rendered by the browser only. The app's shell (the start-up config and the
 * chamber's record) is read for every page by the server entry.
 */
export const pageData: Partial<Record<AppPathName, PageData>> = {
  member: async (context) => {
    const { params, source, queryClient } = context;
    // The plans name the member's level badge.
    const [member] = await Promise.all([source.member(params.id!), plans(context)]);
    if (!member) return false;
    queryClient.setQueryData(memberQueryOptions(params.id!).queryKey, member);
    return true;
  },
  members: withSponsors(() => 'directory', directoryPage(false)),
  membersOpenNow: withSponsors(() => 'directory', directoryPage(true)),
  membersCategory: withSponsors(() => 'directory', directoryPage(false)),
  jobPostings: withSponsors(
    () => 'jobs',
    async ({ source, queryClient }) => {
      const { queryKey } = jobBoardQueryOptions(boardFilters(new URLSearchParams()));
      queryClient.setQueryData(queryKey, await source.jobPosts());
      return true;
    },
  ),
  jobPosting: async ({ params, source, queryClient }) => {
    const post = await source.jobPost(params.id!);
    if (!post) return false;
    // As a visitor sees it: the page reads it under the viewer's key.
    queryClient.setQueryData(jobPostQueryOptions(params.id!, null).queryKey, post);
    return true;
  },
  event: withSponsors(eventSlot, async ({ params, source, queryClient }) => {
    // A retired occurrence id answers the occurrence that replaced it, under the id asked
    // for: the page then moves the address to the current one, as it does in the browser.
    const event = await source.event(params.id!);
    if (!event) return false;
    queryClient.setQueryData(eventQueryOptions(params.id!).queryKey, event);
    return true;
  }),
  home: async (context) => {
    const { source, queryClient } = context;
    await Promise.all([
      plans(context),
      upcoming(context, MAX_EVENT_SLIDES),
      source.deals(HOME_DEALS).then(({ deals }) => {
        queryClient.setQueryData(dealsQueryOptions(null, HOME_DEALS).queryKey, deals);
      }),
      source.jobPosts().then((board) => {
        const { queryKey } = jobBoardQueryOptions(boardFilters(new URLSearchParams()));
        queryClient.setQueryData(queryKey, board);
      }),
      sponsors(context, 'home'),
    ]);
    return true;
  },
  calendar: async (context) => {
    const { source, queryClient, config, now, search } = context;
    await Promise.all([upcoming(context), sponsors(context, 'calendar')]);
    if (!config.calendarId) return true;
    const calendar = await source.calendar(config.calendarId);
    if (!calendar) return true;
    queryClient.setQueryData(calendarQueryOptions(config.calendarId).queryKey, calendar);
    // The month the page opens on, on the calendar's own clock, or the one of `?month=YYYY-MM`
    // (the key the grid reads).
    const { range } = openingView(now, calendarZone(calendar), search.get('month'));
    const window = { calendarId: config.calendarId, ...range };
    queryClient.setQueryData(
      calendarEventsQueryOptions(window).queryKey,
      await source.events(config.calendarId, range),
    );
    return true;
  },
  deals: async ({ source, queryClient }) => {
    // Every current deal an anonymous visitor may see, under the key the board reads.
    const { deals } = await source.deals();
    queryClient.setQueryData(dealsQueryOptions(null).queryKey, deals);
    return true;
  },
  news: async ({ source, queryClient, search }) => {
    // `?page=N` (the links that page the archive without scripts): that page.
    const page = newsPageOf(search.get('page'));
    queryClient.setQueryData(newsListQueryOptions(page).queryKey, await source.news(page));
    return true;
  },
  newsItem: async ({ params, source, queryClient }) => {
    const item = await source.newsItem(params.slug!);
    if (!item) return false;
    queryClient.setQueryData(newsItemQueryOptions(params.slug!).queryKey, item);
    return true;
  },
  sponsorships: async ({ source, queryClient }) => {
    const { packages } = await source.sponsorshipPackages();
    queryClient.setQueryData(sponsorshipPackagesQueryOptions().queryKey, packages);
    return true;
  },
  basicMembership: plans,
  enhancedMembership: plans,
  eliteMembership: plans,
  join: plans,
  nominations: staticPage,
  about: staticPage,
  contact: staticPage,
  privacy: staticPage,
  terms: staticPage,
};

/**
 * The query parameters each page is drawn from on the server: the calendar's month and the
 * directory's page, the links that work without scripts. A page listed here with any other
 * parameter (the calendar's `?create`, which sends a visitor to sign in), and the pages drawn
 * from a query the server does not read (the job board's search, filters and page; the join's
 * chosen plan and its way back from payment), are left to the browser; any other page is the
 * same with or without a query.
 */
const queryRendered: Partial<Record<AppPathName, readonly string[]>> = {
  calendar: ['month'],
  members: ['page'],
  membersOpenNow: ['page'],
  membersCategory: ['page'],
  news: ['page'],
  jobPostings: [],
  join: [],
};

/** Whether the server draws this page with this query string (else the browser does). */
export function rendersQuery(name: AppPathName, search: URLSearchParams): boolean {
  const read = queryRendered[name];
  if (!read) return true;
  return [...search.keys()].every((key) => read.includes(key));
}
