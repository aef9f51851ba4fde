import { useCountdown } from '../lib/countdown';
import { cn } from '@/lib/utils';

const units = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * Days, hours, minutes and seconds until the start, ticking every second; gone once the event
 * has started (docs/product.md#states). Screen readers get one sentence, not a live region that talks every
 * second.
 */
export function Countdown({
  startTime,
  className,
  tone = 'default',
}: {
  startTime: string;
  className?: string;
  /** `inverse` on photos and the accent colour. */
  tone?: 'default' | 'inverse';
}) {
  const parts = useCountdown(startTime);
  if (!parts) return null;
  const spoken = `Starts in ${parts.days} days, ${parts.hours} hours and ${parts.minutes} minutes`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <p className="sr-only">{spoken}</p>
      <ol aria-hidden="true" className="grid w-fit grid-cols-4 gap-2">
        {units.map(([key, label]) => (
          <li
            key={key}
            className={cn(
              'grid min-w-15 justify-items-center rounded-lg px-2 py-1.5',
              tone === 'inverse' ? 'bg-black/35 text-white' : 'bg-muted text-foreground',
            )}
          >
            <span className="text-xl font-bold tabular-nums sm:text-2xl">
              {String(parts[key]).padStart(2, '0')}
            </span>
            <span className="text-[0.7rem] font-medium tracking-wide uppercase opacity-85">
              {label}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
