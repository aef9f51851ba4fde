import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** A tab whose data could not be loaded: the reason, and a way to ask again. */
export function TabError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center"
    >
      <p className="text-lg font-semibold">{message}</p>
      <Button type="button" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** Placeholders the shape of what is loading, announced to screen readers by `label`. */
export function TabLoading({
  label,
  count,
  className,
}: {
  label: string;
  count: number;
  className: string;
}) {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('rounded-xl', className)} />
      ))}
    </div>
  );
}

/** Nothing to list: what is missing, and what will appear here. */
export function TabEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p role="status" className="text-lg font-semibold">
        {title}
      </p>
      {children}
    </div>
  );
}

/** A page of entries, dimmed while the next page loads in its place. */
export function TabList<T extends { id: string }>({
  label,
  items,
  busy,
  render,
}: {
  label: string;
  items: T[];
  busy: boolean;
  render: (item: T) => ReactNode;
}) {
  return (
    <ol aria-label={label} aria-busy={busy} className={cn('grid gap-3', busy && 'opacity-60')}>
      {items.map((item) => (
        <li key={item.id}>{render(item)}</li>
      ))}
    </ol>
  );
}
