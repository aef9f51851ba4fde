import { useParams } from 'react-router';
import { NewsArticle } from '@/features/news/components/news-article';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('A newsletter or announcement of the chamber.');
  const { slug = '' } = useParams();
  return <NewsArticle key={slug} slug={slug} />;
}
