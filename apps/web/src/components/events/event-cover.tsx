import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * An event's cover image, or the default artwork (the chamber's accent with a calendar mark)
 * when it has none or its image fails to load. Decorative: the title beside it names the event.
 */
export function EventCover({
  src,
  className,
  priority = false,
  mark = true,
  width,
  height,
}: {
  src: string | null | undefined;
  className?: string;
  priority?: boolean;
  /** The calendar mark on the default artwork; off where text is laid over it. */
  mark?: boolean;
  /** The image's intrinsic size, so the page does not shift while it loads. */
  width?: number;
  height?: number;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        width={width}
        height={height}
        className={cn('object-cover', className)}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center bg-primary bg-[radial-gradient(circle_at_80%_15%,rgb(255_255_255/0.22),transparent_45%),radial-gradient(circle_at_10%_110%,rgb(0_0_0/0.25),transparent_55%)] text-primary-foreground dark:bg-[color-mix(in_oklab,var(--primary)_40%,var(--card))]',
        className,
      )}
    >
      {mark ? <CalendarDaysIcon className="size-10 opacity-60" /> : null}
    </div>
  );
}
