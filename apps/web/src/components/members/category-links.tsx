import type { CategoryRef } from '@chamber/contract';
import { TagIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/**
 * A listing's categories, each a link to its category page. They sit above a card's
 * stretched link (`relative z-10`), each its own tab stop.
 */
export function CategoryLinks({
  categories,
  className,
}: {
  categories: readonly CategoryRef[];
  className?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <ul
      aria-label="Categories"
      className={cn('relative z-10 flex flex-wrap gap-x-3 gap-y-1 text-sm', className)}
    >
      {categories.map((category) => (
        <li key={category.slug} className="flex items-center gap-1">
          <TagIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Link
            to={paths.membersCategory.href(category.slug)}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
