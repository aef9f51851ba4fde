import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A home page section of the newest few of something (deals, job postings): its heading, a
 * link to all of them, and the items as a list of cards, three to a row on wide screens.
 */
export function NewestSection<T extends { id: string }>({
  id,
  title,
  moreHref,
  moreLabel,
  listLabel,
  items,
  renderItem,
}: {
  id: string;
  title: string;
  moreHref: string;
  moreLabel: string;
  listLabel: string;
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <Button asChild variant="outline">
          <Link to={moreHref}>
            {moreLabel}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={listLabel}>
        {items.map((item) => (
          <li key={item.id} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
