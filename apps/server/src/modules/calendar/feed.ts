import type { Calendar } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { icsEntryOf } from './event-mail.js';
import { type IcsEntry, icsFileName, type IcsSource, renderCalendar } from './ical.js';
import * as q from './queries.js';
import { shownRow, type Target } from './targets.js';

/** How far back the feed reaches: a subscriber needs last year's events at most. */
const FEED_HISTORY_MS = 366 * 86_400_000;

/** The public feed: single events, and series with their edited occurrences. */
export async function calendarFeed(
  db: Executor,
  calendar: Calendar,
  source: IcsSource,
): Promise<string> {
  const since = new Date(source.now.getTime() - FEED_HISTORY_MS);
  const rows = await q.feedEvents(db, calendar.id, since);
  const series = rows.filter((r) => r.rrule);
  const overrides = await q.overridesOf(
    db,
    series.map((s) => s.id),
  );
  const entries: IcsEntry[] = rows.map((row) =>
    row.rrule
      ? { kind: 'series', row, overrides: overrides.filter((o) => o.seriesId === row.id) }
      : { kind: 'single', row },
  );
  return renderCalendar(source, entries);
}

/** One event's file: a series with its edited occurrences, or one event or occurrence. */
export async function eventIcs(db: Executor, target: Target, source: IcsSource) {
  const overrides = target.kind === 'series' ? await q.overridesOf(db, [target.row.id]) : [];
  return {
    filename: icsFileName(shownRow(target).title),
    body: renderCalendar(source, [icsEntryOf(target, overrides)]),
  };
}
