// Types only, and one constant: the web app's entry imports it without the schemas.
import type { AppConfig, Chamber } from './site.js';
import type { MemberDetail, MemberList } from './members.js';
import type { JobPost, JobPostList } from './job-posts.js';

/**
 * What the server renderer of the web app may read while it renders a public page as an
 * anonymous visitor sees it: the API's answers, read in-process from the services the API
 * answers with and shaped by the same schemas. A member that is not public is null.
 */
export interface PageDataSource {
  config(): Promise<AppConfig>;
  location(locationId: string): Promise<Chamber | null>;
  member(id: string): Promise<MemberDetail | null>;
  /** GET /members?limit&offset&sort (the directory's first page). */
  members(query: { limit: number; offset: number; sort: 'name' }): Promise<MemberList>;
  /** GET /job-posts (the job board's first page, without search or filters). */
  jobPosts(): Promise<JobPostList>;
  /** GET /job-posts/{id}; null for a post that is not open (404 or 410). */
  jobPost(id: string): Promise<JobPost | null>;
}

/**
 * The id of the `<script type="application/json">` element after `#root` that holds a
 * rendered page's query data (data, not a script: the page's Content-Security-Policy holds).
 */
export const PAGE_STATE_ID = 'page-state';

/** A page rendered on the server: the body of `#root`, and the query data it was drawn from. */
export interface RenderedPage {
  html: string;
  /** The TanStack Query state, as JSON, for the browser to hydrate its cache from. */
  state: string;
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
  /**
   * The request carries a query string. The server renders by the path alone (one kept page
   * for each), so a page drawn from its query (the job board's search, filters and page) is
   * left to the browser, and any other page is the same with or without one.
   */
  withQuery?: boolean;
}
