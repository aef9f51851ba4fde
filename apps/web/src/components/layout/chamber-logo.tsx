import { useChamber } from '@/lib/chamber/use-chamber';
import { cn } from '@/lib/utils';

/** The chamber's logo image, or its name set as a text logo when it has none. */
export function ChamberLogo({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { location, name, shortName } = useChamber();
  if (location?.logoUrl) {
    return (
      <img
        src={location.logoUrl}
        alt={name}
        className={cn('h-9 w-auto max-w-36 object-contain', className)}
      />
    );
  }
  return (
    <span className={cn('flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 items-center sm:flex justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground"
      >
        {shortName.slice(0, 2).toUpperCase()}
      </span>
      {compact ? (
        <span className="sr-only">{name}</span>
      ) : (
        <span className="text-base leading-tight sm:text-lg">
          <span className="hidden lg:inline">{name}</span>
          <span className="lg:hidden" aria-hidden="true">
            {shortName}
          </span>
          <span className="sr-only lg:hidden">{name}</span>
        </span>
      )}
    </span>
  );
}
