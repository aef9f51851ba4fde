import { useChamber } from '@/lib/chamber/use-chamber';
import { cn } from '@/lib/utils';

/**
 * The chamber's logo image, or its name set as a text logo when it has none. In the header
 * the mark and the full name give way on narrow screens; `full` keeps both (the footer).
 */
export function ChamberLogo({
  className,
  compact = false,
  full = false,
}: {
  className?: string;
  compact?: boolean;
  full?: boolean;
}) {
  const { location, name, shortName } = useChamber();
  if (location?.logoUrl) {
    return (
      <img
        src={location.logoUrl}
        alt={name}
        height={36}
        className={cn('h-9 w-auto max-w-36 object-contain', className)}
      />
    );
  }
  return (
    <span className={cn('flex min-w-0 items-center gap-2 font-semibold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground',
          full ? 'flex' : 'hidden sm:flex',
        )}
      >
        {shortName.slice(0, 2).toUpperCase()}
      </span>
      {compact ? (
        <span className="sr-only">{name}</span>
      ) : full ? (
        <span className="text-base leading-tight sm:text-lg">{name}</span>
      ) : (
        <span className="truncate text-base leading-tight sm:text-lg">
          <span className="hidden xl:inline">{name}</span>
          <span className="xl:hidden" aria-hidden="true">
            {shortName}
          </span>
          <span className="sr-only xl:hidden">{name}</span>
        </span>
      )}
    </span>
  );
}
