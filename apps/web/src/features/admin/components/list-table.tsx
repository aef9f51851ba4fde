import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One column of a staff list: its heading, and what each row shows under it. */
export interface ListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes added to the cell's own padding (width, wrapping, tone). */
  cellClassName?: string;
  /** Right-aligned heading and cells: the actions column. */
  end?: boolean;
}

/**
 * A staff list as a table from 768 px and as one card a row on narrower screens, where the
 * columns do not fit. The columns and each card's content belong to the list; the frame, the
 * headings' look and the stale state while a new page loads are the same for every list.
 */
export function ListTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  card,
  cardClassName,
  stale,
  className,
}: {
  /** The table's caption and the card list's name. */
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: ListColumn<Row>[];
  card: (row: Row) => ReactNode;
  cardClassName: string;
  /** A new page or search is loading; the rows shown are the previous ones. */
  stale: boolean;
  className?: string;
}) {
  return (
    <div aria-busy={stale} className={cn(className, 'transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b bg-muted/50 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cn('px-4 py-3', column.end && 'text-right')}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-middle">
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cn('px-4 py-3', column.cellClassName, column.end && 'text-right')}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="grid gap-3 md:hidden">
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className={cn('grid rounded-xl border bg-card p-4 shadow-sm', cardClassName)}
          >
            {card(row)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A labelled value on a card: `dt` and `dd` in the card's `dl`. */
export function CardField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The grid of a card's labelled values. */
export function CardFields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">{children}</dl>;
}
