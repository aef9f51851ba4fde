import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** "Business After Hours" → "BA": the first letters of the title's first two words. */
const initialsOf = (title: string) =>
  (title.match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();

/**
 * An event's cover image, or the default artwork when it has none or its image fails to load:
 * the chamber's accent with the event's initials (a calendar mark without a title).
 * Decorative: the title beside it names the event.
 */
export function EventCover({
  src,
  title = '',
  className,
  priority = false,
  mark = true,
  width,
  height,
}: {
  src: string | null | undefined;
  /** The event's title, whose initials the default artwork shows. */
  title?: string;
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
  const letters = mark ? initialsOf(title) : '';
  return (
    <div
      aria-hidden="true"
      data-cover="default"
      className={cn(
        '@container flex items-center justify-center bg-primary bg-[radial-gradient(circle_at_80%_15%,rgb(255_255_255/0.22),transparent_45%),radial-gradient(circle_at_10%_110%,rgb(0_0_0/0.25),transparent_55%)] text-primary-foreground dark:bg-[color-mix(in_oklab,var(--primary)_40%,var(--card))]',
        className,
      )}
    >
      {letters ? (
        <span className="text-[min(32cqmin,6rem)] leading-none font-bold tracking-tight opacity-90">
          {letters}
        </span>
      ) : mark ? (
        <CalendarDaysIcon className="size-10 opacity-60" />
      ) : null}
    </div>
  );
}
