import type { CalendarEvent } from '@chamber/contract';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { addDays, formatDateKey, toDateKey, weekdayOf, type DateKey } from '@chamber/contract';
import { monthGrid, monthOf, monthParam, shiftMonth, type Month } from '../lib/month-grid';
import { DayCell } from './day-cell';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

interface MonthCalendarProps {
  month: Month;
  today: DateKey;
  onMonthChange: (month: Month) => void;
  eventsByDay: Map<DateKey, CalendarEvent[]>;
  loading: boolean;
  showAddHints: boolean;
  onDay: (date: DateKey, inMonth: boolean, trigger: HTMLElement) => void;
  onOpenEvent: (event: CalendarEvent, trigger: HTMLElement) => void;
  onShowDay: (date: DateKey, trigger: HTMLElement) => void;
}

const sameMonth = (date: DateKey, month: Month) =>
  date.startsWith(toDateKey(month.year, month.month, 1).slice(0, 8));

/** The same day of the month `delta` months away, clamped to that month's length. */
function shiftDate(date: DateKey, delta: number): DateKey {
  const target = shiftMonth(monthOf(date), delta);
  const last = Number(
    addDays(toDateKey(shiftMonth(target, 1).year, shiftMonth(target, 1).month, 1), -1).slice(8),
  );
  return toDateKey(target.year, target.month, Math.min(Number(date.slice(8)), last));
}

/**
 * The month grid (docs/product.md#screens Calendar): 42 days from a Sunday, Previous / Today / Next. Arrow keys
 * move between days (Home and End to the week's ends, Page Up and Page Down by month); Tab
 * reaches the event titles.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { month, today, onMonthChange, eventsByDay } = props;
  const cells = monthGrid(month);
  const [focusDate, setFocusDate] = useState<DateKey>(today);
  const buttons = useRef(new Map<DateKey, HTMLButtonElement>());
  const moveFocus = useRef(false);
  const titleId = 'calendar-month-title';

  // The tab stop stays in the shown month: today when it is there, else the 1st.
  const target = cells.some((c) => c.date === focusDate)
    ? focusDate
    : sameMonth(today, month)
      ? today
      : toDateKey(month.year, month.month, 1);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current.get(target)?.focus();
  }, [target]);

  function go(date: DateKey) {
    moveFocus.current = true;
    setFocusDate(date);
    if (!cells.some((c) => c.date === date)) onMonthChange(monthOf(date));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: DateKey) {
    const moves: Record<string, () => DateKey> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekdayOf(date)),
      End: () => addDays(date, 6 - weekdayOf(date)),
      PageUp: () => shiftDate(date, -1),
      PageDown: () => shiftDate(date, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move());
  }

  const monthLabel = formatDateKey(toDateKey(month.year, month.month, 1), {
    month: 'long',
    year: 'numeric',
  });

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} aria-live="polite" className="text-xl font-semibold sm:text-2xl">
          {monthLabel}
        </h2>
        <div className="flex items-center gap-1.5">
          {/* Links to `?month=YYYY-MM`, which the server draws, so the month changes without
              scripts too; with them, the grid changes in place. */}
          <Button asChild variant="outline" size="icon-sm">
            <a
              href={`?month=${monthParam(shiftMonth(month, -1))}`}
              aria-label="Previous month"
              onClick={(event) => {
                event.preventDefault();
                onMonthChange(shiftMonth(month, -1));
              }}
            >
              <ChevronLeftIcon aria-hidden="true" />
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a
              href={paths.calendar.href()}
              onClick={(event) => {
                event.preventDefault();
                setFocusDate(today);
                onMonthChange(monthOf(today));
              }}
            >
              Today
            </a>
          </Button>
          <Button asChild variant="outline" size="icon-sm">
            <a
              href={`?month=${monthParam(shiftMonth(month, 1))}`}
              aria-label="Next month"
              onClick={(event) => {
                event.preventDefault();
                onMonthChange(shiftMonth(month, 1));
              }}
            >
              <ChevronRightIcon aria-hidden="true" />
            </a>
          </Button>
        </div>
      </div>
      <table
        aria-labelledby={titleId}
        aria-busy={props.loading}
        className="w-full table-fixed border-collapse overflow-hidden rounded-lg"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                <span aria-hidden="true" className="sm:hidden">
                  {short.slice(0, 1)}
                </span>
                <span className="sr-only sm:not-sr-only">{short}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, week) => (
            <tr key={week}>
              {cells.slice(week * 7, week * 7 + 7).map((cell) => {
                const events = eventsByDay.get(cell.date) ?? [];
                return (
                  <DayCell
                    key={cell.date}
                    cell={cell}
                    events={events}
                    isToday={cell.date === today}
                    isFocusTarget={cell.date === target}
                    showAddHint={props.showAddHints && cell.inMonth}
                    loading={props.loading}
                    buttonRef={(node) => {
                      if (node) buttons.current.set(cell.date, node);
                      else buttons.current.delete(cell.date);
                    }}
                    onActivate={() => {
                      setFocusDate(cell.date);
                      props.onDay(cell.date, cell.inMonth, buttons.current.get(cell.date)!);
                    }}
                    onKeyDown={(e) => onKeyDown(e, cell.date)}
                    onFocus={() => setFocusDate(cell.date)}
                    onOpenEvent={props.onOpenEvent}
                    onShowDay={(trigger) => props.onShowDay(cell.date, trigger)}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
