import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The browser's own `<select>`, styled as an `Input`: for short lists in forms, where the
 * platform's picker is the best one on a phone and needs no script to open.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
