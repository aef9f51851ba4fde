import {
  MEMBERS_PAGE_SIZE,
  type AppConfig,
  type AppPathName,
  type PageDataSource,
} from '@chamber/contract';
import type { QueryClient } from '@tanstack/react-query';
import { jobBoardQueryOptions, jobPostQueryOptions } from '@/features/jobs/api/job-posts';
import { boardFilters } from '@/features/jobs/lib/board-filters';
import { membersInfiniteQueryOptions } from '@/features/members/api/get-members';
import { memberQueryOptions } from '@/lib/api/members';

export interface PageDataContext {
  params: Record<string, string>;
  source: PageDataSource;
  queryClient: QueryClient;
  config: AppConfig;
}

/**
 * Puts the page's data into the query client under the keys its components read, and answers
 * false when the page has none to show (a member who is not public: the browser
 * then draws the error card over the 404, as before).
 */
export type PageData = (context: PageDataContext) => Promise<boolean>;

const staticPage: PageData = async () => true;

/**
 * The pages the server renders, and what each one reads before it is drawn. A page that is
 * not listed is rendered by the browser only. The app's shell (the start-up config and the
 * chamber's record) is read for every page by the server entry.
 */
export const pageData: Partial<Record<AppPathName, PageData>> = {
  member: async ({ params, source, queryClient }) => {
    const member = await source.member(params.id!);
    if (!member) return false;
    queryClient.setQueryData(memberQueryOptions(params.id!).queryKey, member);
    return true;
  },
  members: async ({ source, queryClient }) => {
    const filters = { search: '', role: null, sort: 'name' } as const;
    const { queryKey } = membersInfiniteQueryOptions(filters);
    const first = await source.members({ limit: MEMBERS_PAGE_SIZE, offset: 0, sort: 'name' });
    queryClient.setQueryData(queryKey, { pages: [first], pageParams: [0] });
    return true;
  },
  jobPostings: async ({ source, queryClient }) => {
    const { queryKey } = jobBoardQueryOptions(boardFilters(new URLSearchParams()));
    queryClient.setQueryData(queryKey, await source.jobPosts());
    return true;
  },
  jobPosting: async ({ params, source, queryClient }) => {
    const post = await source.jobPost(params.id!);
    if (!post) return false;
    // As a visitor sees it: the page reads it under the viewer's key.
    queryClient.setQueryData(jobPostQueryOptions(params.id!, null).queryKey, post);
    return true;
  },
  about: staticPage,
  contact: staticPage,
  privacy: staticPage,
  terms: staticPage,
};

/**
 * The pages drawn from their query string (the job board's search, filters and page). The
 * server renders by the path alone, so with a query string these are left to the browser.
 */
export const pagesReadingQuery: ReadonlySet<AppPathName> = new Set(['jobPostings']);
