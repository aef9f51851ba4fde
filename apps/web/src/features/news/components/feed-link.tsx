import { RssIcon } from 'lucide-react';
import { useEffect } from 'react';
import { NEWS_FEED_PATH } from '../api/news';

/**
 * Names the archive's Atom feed in the head while a news page is shown, for feed readers
 * (the server writes it into the served page; this keeps it there when a visitor comes by a
 * link inside the app).
 */
export function useFeedAlternate(title: string) {
  useEffect(() => {
    const selector = 'link[rel="alternate"][type="application/atom+xml"]';
    if (document.head.querySelector(selector)) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = NEWS_FEED_PATH;
    document.head.append(link);
    return () => link.remove();
  }, [title]);
}

/** The visible link to the feed, for readers who subscribe by hand. */
export function FeedLink() {
  return (
    <a
      href={NEWS_FEED_PATH}
      type="application/atom+xml"
      className="inline-flex items-center gap-2 rounded-sm font-medium text-primary underline underline-offset-4"
    >
      <RssIcon aria-hidden="true" className="size-4" />
      Subscribe to the news feed (Atom)
    </a>
  );
}
