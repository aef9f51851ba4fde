import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinning indicator; give it a label when nothing else on screen says what is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <LoaderCircleIcon className={cn('size-5 animate-spin', className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
