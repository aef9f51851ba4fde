import { MailCheckIcon, SearchXIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { SearchField } from '@/components/forms/search-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { clampPage } from '../lib/pagination';
import { type ListColumn, ListTable } from './list-table';
import { Pager } from './pager';
import { TabEmpty, TabError, TabLoading } from './tab-states';

const SEARCH_DEBOUNCE_MS = 400;

/** A search box's text, the search it settled on, and the page of its results (zero-based). */
export function useSearchPaging() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ q, page: 0 });
  const page = paging.q === q ? paging.page : 0;
  return { text, setText, q, page, setPage: (next: number) => setPaging({ q, page: next }) };
}

/** A searchable, paged list of addresses: the suppressed or the unsubscribed ones. */
export function AddressList<Row extends { email: string }>({
  kind,
  intro,
  action,
  status,
  empty,
  search,
  query,
  rows,
  columns,
  card,
}: {
  /** Names the list: 'Suppressed addresses', 'Search suppressed addresses', … */
  kind: 'suppressed' | 'unsubscribed';
  intro: string;
  action?: ReactNode;
  /** A line above the list (how reading the bounce mailbox goes). */
  status?: ReactNode;
  /** The empty list's title when nothing is searched. */
  empty: string;
  search: ReturnType<typeof useSearchPaging>;
  query: {
    data?: { pagination: { total: number; hasMore: boolean } } | undefined;
    isError: boolean;
    error: Error | null;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  rows: Row[] | undefined;
  /** The columns after the address. */
  columns: ListColumn<Row>[];
  /** A card's fields after the address. */
  card: (row: Row) => ReactNode;
}) {
  const { data } = query;
  if (data && rows && !query.isPlaceholderData && rows.length === 0 && search.page > 0) {
    search.setPage(clampPage(search.page, data.pagination.total));
  }
  const searchId = useId();
  const title = `${kind === 'suppressed' ? 'Suppressed' : 'Unsubscribed'} addresses`;
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby={`${searchId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${searchId}-heading`} className="text-xl font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {action}
      </div>
      <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
        <SearchField
          id={searchId}
          label={`Search ${kind} addresses`}
          value={search.text}
          placeholder="Part of an email address..."
          onValueChange={search.setText}
        />
      </div>
      {status}
      {query.isError && !data ? (
        <TabError
          message={query.error?.message ?? 'Failed to fetch the addresses'}
          onRetry={() => void query.refetch()}
        />
      ) : !data || !rows ? (
        <TabLoading label={`Loading the ${kind} addresses`} count={3} className="h-16" />
      ) : rows.length === 0 ? (
        <TabEmpty
          icon={search.q ? SearchXIcon : MailCheckIcon}
          title={search.q ? `No ${kind} address matches the search.` : empty}
        />
      ) : (
        <>
          <ListTable
            label={title}
            rows={rows}
            rowKey={(row) => row.email}
            stale={query.isPlaceholderData}
            cardClassName="gap-3"
            columns={[
              {
                header: 'Address',
                cell: (row) => <span className="font-medium break-all">{row.email}</span>,
              },
              ...columns,
            ]}
            card={(row) => (
              <>
                <p className="font-medium break-all">{row.email}</p>
                {card(row)}
              </>
            )}
          />
          <Pager
            page={search.page}
            count={rows.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun={['address', 'addresses']}
            label={`${kind === 'suppressed' ? 'Suppressed' : 'Unsubscribed'} address pages`}
            onPage={search.setPage}
          />
        </>
      )}
    </section>
  );
}
