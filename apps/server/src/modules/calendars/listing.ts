import {
  type Calendar,
  type EventList,
  type EventTicket,
  MAX_EVENT_WINDOW_DAYS,
} from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { canEditEvent } from './access.js';
import { parseInstant } from './payload.js';
import * as q from './queries.js';
import type { EventRow } from './queries.js';
import { fromFloating, toFloating } from './recurrence.js';
import { compactUtc } from './rule-text.js';
import { occurrenceId, recurrenceOf } from './targets.js';
import { type Counts, type EventView, toCalendarEvent, viewKey } from './view.js';

const DAY = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const invalid = (message: string) => new AppError('validation_failed', message);

/**
 * The window of a list request. A date alone is local midnight in the calendar's zone; as
 * the end it includes that whole day.
 */
export function parseWindow(
  query: { startDate: string; endDate: string },
  timeZone: string,
): { from: Date; to: Date } {
  const bound = (name: string, text: string, end: boolean) => {
    const date = parseInstant(text, timeZone);
    if (!date) throw invalid(`${name} must be an ISO date (2026-03-01) or date-time.`);
    if (!end || !DATE_ONLY.test(text.trim())) return date;
    return fromFloating(new Date(toFloating(date, timeZone).getTime() + DAY), timeZone);
  };
  const from = bound('startDate', query.startDate, false);
  const to = bound('endDate', query.endDate, true);
  if (to <= from) throw invalid('endDate must be after startDate.');
  if (to.getTime() - from.getTime() > MAX_EVENT_WINDOW_DAYS * DAY) {
    throw invalid(`The window may span at most ${MAX_EVENT_WINDOW_DAYS} days.`);
  }
  return { from, to };
}

const overlaps = (row: EventRow, from: Date, to: Date) => row.startTime < to && row.endTime > from;
const single = (row: EventRow): EventView => ({
  id: row.id,
  row,
  series: null,
  originalStart: null,
  isException: false,
});

/** Every event and occurrence overlapping the window, by start, at most `max`. */
export async function listWindow(
  db: Executor,
  calendar: Calendar,
  query: { startDate: string; endDate: string },
  viewer: Session | null,
  max: number,
  ticketOf: (row: EventRow) => EventTicket | null = () => null,
): Promise<EventList> {
  const { from, to } = parseWindow(query, calendar.timezone);
  const [singles, seriesRows] = await Promise.all([
    q.singlesInWindow(db, calendar.id, from, to),
    q.seriesInWindow(db, calendar.id, from, to),
  ]);
  let truncated = false;
  const expanded = seriesRows.map((series) => {
    const recurrence = recurrenceOf(series);
    const starts = recurrence.between(from, to, max + 1);
    if (starts.length > max) truncated = true;
    return { series, recurrence, starts: starts.slice(0, max) };
  });
  const overrides = await q.overridesFor(
    db,
    seriesRows.map((s) => s.id),
    expanded.flatMap((e) => e.starts),
    from,
    to,
  );
  const overrideOf = new Map(
    overrides.map((o) => [`${o.seriesId}|${o.originalStart!.getTime()}`, o]),
  );

  const views: EventView[] = singles.map(single);
  for (const { series, recurrence, starts } of expanded) {
    const occurrence = (originalStart: Date, override: EventRow | undefined): EventView => ({
      id: occurrenceId(series.id, originalStart),
      row: override ?? {
        ...series,
        startTime: originalStart,
        endTime: recurrence.endOf(originalStart),
      },
      series,
      originalStart,
      isException: override !== undefined,
    });
    const seen = new Set<number>();
    for (const start of starts) {
      seen.add(start.getTime());
      const override = overrideOf.get(`${series.id}|${start.getTime()}`);
      if (!override || overlaps(override, from, to)) views.push(occurrence(start, override));
    }
    // Occurrences edited into the window from a date outside it.
    for (const o of overrides) {
      const start = o.originalStart!;
      if (o.seriesId !== series.id || seen.has(start.getTime())) continue;
      if (recurrence.isExcluded(start) || !overlaps(o, from, to)) continue;
      views.push(occurrence(start, o));
    }
  }
  views.sort(
    (a, b) => a.row.startTime.getTime() - b.row.startTime.getTime() || a.id.localeCompare(b.id),
  );
  if (views.length > max) truncated = true;
  const shown = views.slice(0, max);

  const counts = await countsFor(db, shown);
  return {
    events: shown.map((v) =>
      toCalendarEvent(v, {
        canEdit: canEditEvent(viewer, v.series ?? v.row),
        counts: counts.get(viewKey(v)),
        ticket: ticketOf(v.row),
      }),
    ),
    truncated,
  };
}

async function countsFor(db: Executor, views: EventView[]): Promise<Map<string, Counts>> {
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const v of views) {
    ids.add(v.series?.id ?? v.row.id);
    keys.add(v.series && v.originalStart ? compactUtc(v.originalStart) : '');
  }
  const rows = await q.registrationCounts(db, [...ids], [...keys]);
  return new Map(
    rows.map((r) => [
      `${r.eventId}|${r.occurrenceKey}`,
      { registrations: r.registrations, people: r.people, waiting: r.waiting },
    ]),
  );
}
