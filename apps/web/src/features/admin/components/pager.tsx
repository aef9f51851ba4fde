import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { needsPager, pageSummary, type Noun } from '../lib/pagination';

/**
 * 'Showing X to Y of Z users' with Previous and Next, only when the total exceeds a page (spec
 * docs/product.md#screens User Management): a list that fits one page shows no pager at all.
 */
export function Pager({
  page,
  count,
  total,
  hasMore,
  noun,
  label,
  onPage,
}: {
  page: number;
  count: number;
  total: number;
  hasMore: boolean;
  noun: Noun;
  /** Names the navigation landmark, e.g. 'User pages'. */
  label: string;
  onPage: (page: number) => void;
}) {
  if (!needsPager(total)) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {pageSummary({ page, count, total, noun })}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!hasMore}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
