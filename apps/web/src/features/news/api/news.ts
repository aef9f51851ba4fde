import { endpoints } from '@chamber/contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Query keys of the public archive of sent messages (the same for every visitor). */
export const newsKeys = {
  all: ['news'] as const,
  page: (page: number) => [...newsKeys.all, 'page', page] as const,
  item: (slug: string) => [...newsKeys.all, 'item', slug] as const,
};

/** Where the archive's Atom feed is: under the API, beside the calendar's iCalendar feed. */
export const NEWS_FEED_PATH = '/api/news/feed.atom';

/** GET /news?page: one page of the sent public messages, newest first. */
export const newsListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: newsKeys.page(page),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.newsList, {
        query: { page },
        signal,
        errorMessage: 'Failed to load the news',
      }),
  });

/** The archive's page; while the next page loads, the last one stays shown. */
export const useNewsList = (page: number) =>
  useQuery({ ...newsListQueryOptions(page), placeholderData: keepPreviousData });

/** GET /news/{slug}: 404 for a message that is not (or no longer) in the archive. */
export const newsItemQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: newsKeys.item(slug),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.newsItem, {
        params: { slug },
        signal,
        errorMessage: 'Failed to load the message',
      }),
  });
