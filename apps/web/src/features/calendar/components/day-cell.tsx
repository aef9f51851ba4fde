import type { CalendarEvent } from '@chamber/contract';
import { PlusIcon } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';
import { eventZone, formatEventTime } from '@/lib/events/event-time';
import { formatDateKey } from '@chamber/contract';
import { cn } from '@/lib/utils';
import { splitForCell, type GridCell } from '../lib/month-grid';

interface DayCellProps {
  cell: GridCell;
  events: CalendarEvent[];
  isToday: boolean;
  /** The one day button in the tab order (the grid's roving focus). */
  isFocusTarget: boolean;
  /** Signed in on a wide screen: an empty day of the month hints at adding an event. */
  showAddHint: boolean;
  loading: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onActivate: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
  onOpenEvent: (event: CalendarEvent, trigger: HTMLElement) => void;
  onShowDay: (trigger: HTMLElement) => void;
}

export const countLabel = (n: number) => (n === 1 ? '1 event' : `${n} events`);

/**
 * One day of the month grid. The day button covers the whole cell (so a click anywhere acts on
 * the day); the events (time and title) and '+N more' sit above it. Under 640 px only a count
 * shows.
 */
export function DayCell({
  cell,
  events,
  isToday,
  isFocusTarget,
  showAddHint,
  loading,
  buttonRef,
  onActivate,
  onKeyDown,
  onFocus,
  onOpenEvent,
  onShowDay,
}: DayCellProps) {
  const { shown, more } = splitForCell(events);
  const dayName = formatDateKey(cell.date, { weekday: 'long', month: 'long', day: 'numeric' });
  const label = [
    dayName,
    isToday ? 'today' : null,
    events.length ? countLabel(events.length) : 'no events',
    showAddHint && events.length === 0 ? 'add event' : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <td
      className={cn(
        'group relative h-14 border p-0 align-top sm:h-28',
        cell.inMonth ? 'bg-card' : 'bg-muted/60 text-muted-foreground',
      )}
    >
      <button
        ref={buttonRef}
        type="button"
        tabIndex={isFocusTarget ? 0 : -1}
        aria-label={label}
        aria-current={isToday ? 'date' : undefined}
        onClick={onActivate}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="absolute inset-0 cursor-pointer transition-colors hover:bg-muted/70 focus-visible:z-20 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      />
      <div className="pointer-events-none relative flex h-full flex-col gap-1 p-1 sm:p-1.5">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-7 items-center justify-center rounded-full text-sm tabular-nums',
            isToday && 'bg-primary font-bold text-primary-foreground',
          )}
        >
          {cell.day}
        </span>
        {loading && cell.inMonth ? (
          <span aria-hidden="true" className="hidden h-4 animate-pulse rounded bg-muted sm:block" />
        ) : null}
        {events.length > 0 ? (
          <span
            aria-hidden="true"
            className="mx-auto mt-auto rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground sm:hidden"
          >
            {events.length}
          </span>
        ) : null}
        <ul className="hidden min-w-0 gap-0.5 sm:grid">
          {shown.map((event) => (
            <li key={event.id} className="min-w-0">
              {/* The time, then the title on up to two lines: a week reads without opening
                  each event. What does not fit is in the tooltip and the accessible name. */}
              <button
                type="button"
                title={event.title}
                onClick={(e) => onOpenEvent(event, e.currentTarget)}
                className="pointer-events-auto relative z-10 block w-full cursor-pointer rounded border-l-2 border-primary bg-primary/10 px-1 py-0.5 text-left text-xs leading-4 text-foreground hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              >
                <span className="block font-semibold tabular-nums">
                  {event.isAllDay ? 'All day' : formatEventTime(event.startTime, eventZone(event))}
                </span>{' '}
                <span className="line-clamp-2 font-medium">{event.title}</span>
              </button>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <button
                type="button"
                onClick={(e) => onShowDay(e.currentTarget)}
                aria-label={`${more} more on ${dayName}`}
                className="pointer-events-auto relative z-10 cursor-pointer rounded px-1.5 text-xs font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                +{more} more
              </button>
            </li>
          ) : null}
        </ul>
        {showAddHint && events.length === 0 ? (
          <span
            aria-hidden="true"
            className="mt-auto hidden items-center gap-1 text-xs font-medium text-primary opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 sm:flex"
          >
            <PlusIcon className="size-3.5" />
            Add Event
          </span>
        ) : null}
      </div>
    </td>
  );
}
