import { Link, useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useNewsList } from '../api/news';
import { newsPageOf, sentDayOf } from '../lib/news-page';
import { FeedLink, useFeedAlternate } from './feed-link';

/** /news: the sent messages staff made public, newest first, with links to page it. */
export function NewsList() {
  const [searchParams] = useSearchParams();
  const page = newsPageOf(searchParams.get('page'));
  const { name, location } = useChamber();
  const timeZone = location?.timezone;
  const news = useNewsList(page);
  useFeedAlternate(`${name} news`);
  const pages = news.data ? Math.max(1, Math.ceil(news.data.total / news.data.pageSize)) : 1;

  return (
    <>
      <PageHeader
        title="News"
        description={`Newsletters and announcements of ${name}, as they were sent.`}
      >
        <FeedLink />
      </PageHeader>
      <PageBody>
        <div className="max-w-3xl">
          {news.isError ? (
            <Card role="alert" className="items-start px-6">
              <p className="text-lg font-semibold">{news.error.message}</p>
              <Button type="button" onClick={() => void news.refetch()}>
                Try Again
              </Button>
            </Card>
          ) : news.data === undefined ? (
            <div className="grid gap-4" aria-busy="true">
              <p role="status" className="sr-only">
                Loading the news
              </p>
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} className="h-32 rounded-xl" />
              ))}
            </div>
          ) : news.data.news.length === 0 ? (
            <p className="text-lg text-muted-foreground">
              {page > 1 ? 'No more news.' : 'No news yet. Check back soon.'}
            </p>
          ) : (
            <ol className="grid gap-4" aria-label="News">
              {news.data.news.map((item) => (
                <li key={item.slug}>
                  <article className="grid gap-2 rounded-xl border bg-card p-5">
                    <h2 className="text-xl font-semibold">
                      <Link
                        to={paths.newsItem.href(item.slug)}
                        className="rounded-sm hover:underline focus-visible:underline"
                      >
                        {item.subject}
                      </Link>
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      Sent <time dateTime={item.sentAt}>{sentDayOf(item.sentAt, timeZone)}</time>
                    </p>
                    {item.excerpt ? <p>{item.excerpt}</p> : null}
                  </article>
                </li>
              ))}
            </ol>
          )}
          {pages > 1 ? (
            <nav aria-label="News pages" className="mt-8 flex items-center justify-between gap-4">
              {page > 1 ? (
                <Button asChild variant="outline">
                  <Link to={paths.news.href(page - 1)}>Newer</Link>
                </Button>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Button asChild variant="outline">
                  <Link to={paths.news.href(page + 1)}>Older</Link>
                </Button>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </div>
      </PageBody>
    </>
  );
}
