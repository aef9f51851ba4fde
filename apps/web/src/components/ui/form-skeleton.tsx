import { Skeleton } from './skeleton';

/** Where a form will be while its code loads: a few fields' shapes, announced by `label`. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" aria-label={label} role="status">
      <Skeleton className="h-10" />
      <Skeleton className="h-24" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}
