import { NewsList } from '@/features/news/components/news-list';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Newsletters and announcements of the chamber.');
  return <NewsList />;
}
