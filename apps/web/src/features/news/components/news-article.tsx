import type { NewsItem } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import { newsItemQueryOptions } from '../api/news';
import { sentDayOf } from '../lib/news-page';
import { FeedLink, useFeedAlternate } from './feed-link';

/**
 * The message's own markup (headings, paragraphs, links, lists, images) styled for reading;
 * the server sanitized it when it was written and again when it is answered.
 */
const contentClass = [
  'min-w-0 text-base leading-7',
  '[&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_a.button]:inline-block [&_a.button]:rounded-md [&_a.button]:bg-primary [&_a.button]:px-4 [&_a.button]:py-2 [&_a.button]:text-primary-foreground [&_a.button]:no-underline',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8',
].join(' ');

/** /news/{slug}: one sent message of the archive, as it was sent. */
export function NewsArticle({ slug }: { slug: string }) {
  const query = useQuery(newsItemQueryOptions(slug));
  const { name } = useChamber();
  useFeedAlternate(`${name} news`);

  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <NewsMessage
        title={missing ? 'Message Not Found' : query.error.message}
        detail={
          missing
            ? 'This message is not in the news archive (it may have been taken out).'
            : 'Check your connection and try again.'
        }
        onRetry={missing ? undefined : () => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-14 sm:px-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the message
        </p>
        <Skeleton className="h-10 w-2/3 rounded-lg" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  return <NewsView item={query.data} />;
}

function NewsView({ item }: { item: NewsItem }) {
  const timeZone = useChamber().location?.timezone;
  return (
    <>
      <PageHeader
        title={item.subject}
        description={
          <>
            Sent <time dateTime={item.sentAt}>{sentDayOf(item.sentAt, timeZone)}</time>
          </>
        }
      />
      <PageBody>
        <div className="grid max-w-3xl gap-10">
          <article
            className={contentClass}
            aria-label={item.subject}
            // Sanitized HTML from the server (decision 138).
            dangerouslySetInnerHTML={{ __html: item.html }}
          />
          <div className="flex flex-wrap items-center justify-between gap-4 border-t pt-6">
            <Link
              to={paths.news.href()}
              className="rounded-sm font-medium text-primary underline underline-offset-4"
            >
              All news
            </Link>
            <FeedLink />
          </div>
        </div>
      </PageBody>
    </>
  );
}

function NewsMessage({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail: string;
  onRetry?: () => void;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Card role="alert" className="items-center px-6 text-center">
        <SearchXIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted-foreground">{detail}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button type="button" onClick={onRetry}>
              Try Again
            </Button>
          ) : null}
          <Button asChild variant={onRetry ? 'outline' : 'default'}>
            <Link to={paths.news.href()}>Back to News</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
