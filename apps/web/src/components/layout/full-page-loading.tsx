import { Spinner } from '@/components/ui/spinner';

/** Shown while the session is checked (docs/product.md#screens: a full-page Loading... message). */
export function FullPageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
