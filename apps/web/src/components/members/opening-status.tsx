import {
  DEFAULT_TIMEZONE,
  openingLabel,
  openingStateAt,
  type OpeningHours,
} from '@chamber/contract';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useNow } from '@/lib/render-time';
import { cn } from '@/lib/utils';

/** The chamber's zone: opening hours are its wall clock, never the reader's. */
export function useChamberZone(): string {
  return useChamber().location?.timezone || DEFAULT_TIMEZONE;
}

/**
 * 'Open now · Until 5:00 PM', 'Opens at 7:00 AM', 'Closed today · Opens Monday at 9:00 AM',
 * read by the contract's rule at the moment the page is drawn (the server's while hydrating);
 * nothing for a business without hours.
 */
export function OpeningStatus({
  hours,
  className,
}: {
  hours: OpeningHours | null;
  className?: string;
}) {
  const zone = useChamberZone();
  const now = useNow();
  return <OpeningStatusView hours={hours} now={now} zone={zone} className={className} />;
}

/**
 * The status at a given moment in a given zone: for a list that reads the clock and the zone
 * once for all its entries (the directory), rather than once per entry.
 */
export function OpeningStatusView({
  hours,
  now,
  zone,
  className,
}: {
  hours: OpeningHours | null;
  /** Epoch ms: `useNow()`. */
  now: number;
  zone: string;
  className?: string;
}) {
  const label = openingLabel(openingStateAt(hours, new Date(now), zone));
  if (!label) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm', className)}>
      <span
        className={cn(
          'inline-flex items-center gap-1.5 font-semibold',
          label.open ? 'text-success' : 'text-muted-foreground',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', label.open ? 'bg-success' : 'bg-muted-foreground')}
        />
        {label.headline}
      </span>
      {label.detail ? <span className="text-muted-foreground">{label.detail}</span> : null}
    </p>
  );
}
