// Types only, and constants: the web app's entry imports it without the schemas.
import type { AppConfig, Chamber } from './site.js';
import type { MemberDetail, MemberList } from './members.js';
import type { CategoryTree } from './categories.js';
import type { JobPost, JobPostList } from './job-posts.js';
import type { Appointment, Calendar, EventList } from './calendar.js';
import type { DealList } from './deals.js';
import type { MembershipPlanList } from './membership-plans.js';
import type { AppPathName } from './paths.js';
import type { NewsItem, NewsList } from './communications/schemas.js';
import type { PublicSponsorshipPackage, SponsorPlacements } from './sponsorships.js';

/**
 * What the server renderer of the web app may read while it renders a public page as an
 * anonymous visitor sees it: the API's answers, read in-process from the services the API
 * answers with and shaped by the same schemas. A member that is not public is null.
 */
export interface PageDataSource {
  config(): Promise<AppConfig>;
  location(locationId: string): Promise<Chamber | null>;
  member(id: string): Promise<MemberDetail | null>;
  /** GET /members?limit&offset&sort[&openNow] (the directory's first page, or its open-now one). */
  members(query: {
    limit: number;
    offset: number;
    sort: 'name';
    openNow?: boolean;
    category?: string;
  }): Promise<MemberList>;
  /** GET /categories: the directory's category tree. */
  categories(): Promise<CategoryTree>;
  /** GET /job-posts (the job board's first page, without search or filters). */
  jobPosts(): Promise<JobPostList>;
  /** GET /job-posts/{id}; null for a post that is not open (404 or 410). */
  jobPost(id: string): Promise<JobPost | null>;
  /** GET /calendars/appointments/{id}; a retired occurrence id answers its replacement. */
  event(id: string): Promise<Appointment | null>;
  /** GET /calendars/{calendarId}; null for no such calendar. */
  calendar(calendarId: string): Promise<Calendar | null>;
  /** GET /calendars/{calendarId}/events?startDate&endDate (dates in the calendar's zone). */
  events(calendarId: string, window: { startDate: string; endDate: string }): Promise<EventList>;
  /** GET /membership-plans. */
  membershipPlans(): Promise<MembershipPlanList>;
  /** GET /deals?limit (the home page's newest; without a limit, the deals page's list). */
  deals(limit?: number): Promise<DealList>;
  /** GET /news?page (the archive of sent public messages). */
  news(page: number): Promise<NewsList>;
  /** GET /news/{slug}; null for no sent public message of that slug. */
  newsItem(slug: string): Promise<NewsItem | null>;
  /** GET /sponsorships/packages: the packages on offer, each with what is left. */
  sponsorshipPackages(): Promise<{ packages: PublicSponsorshipPackage[] }>;
  /** GET /sponsors/placements?slot: the sponsors live on the slot now (no impression counted). */
  sponsorPlacements(slot: string): Promise<SponsorPlacements>;
}

/**
 * The pages drawn from the clock (upcoming events, whether an event has started, its
 * countdown). Their kept HTML is kept per hour too, not only per data version, so a page that
 * no data change renews still moves on with time; the browser draws them at the server's
 * moment while it hydrates (RenderedPage's state carries it), then at its own.
 */
export const pagesReadingClock: ReadonlySet<AppPathName> = new Set<AppPathName>([
  'home',
  'calendar',
  'event',
  'members',
  'membersOpenNow',
  'membersCategory',
  'member',
]);

/**
 * The clock pages that say whether a business is open now ("Open now", "Opens at 7:00 AM"):
 * kept per minute rather than per hour, since hours open and close at any minute.
 */
export const pagesReadingTheMinute: ReadonlySet<AppPathName> = new Set<AppPathName>([
  'members',
  'membersOpenNow',
  'membersCategory',
  'member',
]);

/**
 * The id of the `<script type="application/json">` element after `#root` that holds a
 * rendered page's query data (data, not a script: the page's Content-Security-Policy holds).
 */
export const PAGE_STATE_ID = 'page-state';

/** A page rendered on the server: the body of `#root`, and the query data it was drawn from. */
export interface RenderedPage {
  html: string;
  /**
   * The TanStack Query state, as JSON, for the browser to hydrate its cache from, with
   * `renderedAt` (epoch ms): the moment the page was drawn at, which the browser draws with
   * while it hydrates.
   */
  state: string;
  /**
   * CSS declarations for the page's root element (the chamber's accent colours), or absent:
   * the browser draws the page in them from the start.
   */
  rootStyle?: string;
}

/**
 * The web app's server entry (apps/web/src/entry-server.tsx, built into apps/web/dist-server):
 * null when the path is no server-rendered page or its data is missing (then the browser
 * renders it).
 */
export interface ServerRenderer {
  render(
    pathname: string,
    source: PageDataSource,
    options?: RenderOptions,
  ): Promise<RenderedPage | null>;
}

export interface RenderOptions {
  /** The server's clock when the page is drawn: what "upcoming" and "has started" are read at. */
  now?: Date;
  /**
   * The request carries a query string. The server renders by the path alone (one kept page
   * for each), so a page drawn from its query (the job board's search, filters and page) is
   * left to the browser, and any other page is the same with or without one.
   */
  withQuery?: boolean;
  /**
   * The query string, without its `?`: the pages that draw from theirs without scripts (the
   * calendar's `?month=YYYY-MM`, the directory's `?page=N`) render it; the others are left
   * to the browser when they read one (`withQuery`).
   */
  search?: string;
}
