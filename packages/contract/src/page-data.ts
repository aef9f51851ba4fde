// Types only, and one constant: the web app's entry imports it without the schemas.
import type { AppConfig, Chamber } from './site.js';
import type { MemberDetail, MemberList } from './members.js';

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
  render(url: string, source: PageDataSource): Promise<RenderedPage | null>;
}
