import type { Executor } from '@chamber/db';
import {
  calendarQueries as q,
  eventRowFromJson as rowFromJson,
  type EventRow,
  occurrenceId,
  parseCompactUtc,
  shownRow,
  type Target,
} from '../calendars/index.js';
import type { IcsEntry } from './ical.js';

/** The calendar file of one event or occurrence, as a mail attachment or a download. */
export function icsEntryOf(target: Target, overrides: EventRow[] = []): IcsEntry {
  if (target.kind === 'single') return { kind: 'single', row: target.row };
  if (target.kind === 'series') return { kind: 'series', row: target.row, overrides };
  return {
    kind: 'occurrence',
    row: shownRow(target),
    series: target.series,
    originalStart: target.originalStart,
  };
}

/**
 * `icsEntryOf` with the occurrence's first identity: when series edits moved it from the
 * start (and id) a calendar app first got, that start stays its RECURRENCE-ID.
 */
export async function icsEntryFor(db: Executor, target: Target, overrides: EventRow[] = []) {
  const entry = icsEntryOf(target, overrides);
  if (entry.kind !== 'occurrence') return entry;
  const first = await q.firstIdOf(db, occurrenceId(entry.series.id, entry.originalStart));
  // Only an id of this series: another series (the one a split ended) is another UID.
  if (!first?.startsWith(`${entry.series.id}_`)) return entry;
  const firstStart = parseCompactUtc(first.slice(first.indexOf('_') + 1));
  return firstStart ? { ...entry, firstStart } : entry;
}

/**
 * A deleted event or occurrence as its cancellation's .ics shows it: cancelled, in a version
 * above the one calendar apps hold.
 */
export function withdrawn(target: Target): Target {
  const off = (row: EventRow): EventRow => ({
    ...row,
    status: 'cancelled',
    sequence: row.sequence + 1,
  });
  if (target.kind === 'occurrence') {
    const { series, override } = target;
    return { ...target, series: off(series), override: override ? off(override) : null };
  }
  return { ...target, row: off(target.row) };
}

/**
 * A calendar entry as the .ics that takes it off shows it: cancelled, in a version above the
 * one calendar apps hold (as `withdrawn` does for an event that is still there).
 */
export function withdrawnEntry(entry: IcsEntry): IcsEntry {
  const off = (row: EventRow): EventRow => ({
    ...row,
    status: 'cancelled',
    sequence: row.sequence + 1,
  });
  if (entry.kind === 'occurrence') {
    return { ...entry, row: off(entry.row), series: off(entry.series) };
  }
  if (entry.kind === 'series') {
    return { ...entry, row: off(entry.row), overrides: entry.overrides.map(off) };
  }
  return { ...entry, row: off(entry.row) };
}

/** An `IcsEntry` as JSON: what a mail composed after the event has gone keeps of it. */
export type IcsEntryJson = Record<string, unknown>;

/**
 * An entry as JSON, for an outbox row's params: the calendar file of an event or an entry
 * that will be gone by the time the mail is composed (a deletion, the entry a split
 * replaced). `entryFromJson` gives the same entry back.
 */
export function entryToJson(entry: IcsEntry): IcsEntryJson {
  return JSON.parse(JSON.stringify(entry)) as IcsEntryJson;
}

export function entryFromJson(json: IcsEntryJson): IcsEntry {
  const row = rowFromJson(json.row as Record<string, unknown>);
  if (json.kind === 'single') return { kind: 'single', row };
  if (json.kind === 'series') {
    const overrides = (json.overrides as Record<string, unknown>[]).map(rowFromJson);
    return { kind: 'series', row, overrides };
  }
  const entry: IcsEntry = {
    kind: 'occurrence',
    row,
    series: rowFromJson(json.series as Record<string, unknown>),
    originalStart: new Date(json.originalStart as string),
  };
  return typeof json.firstStart === 'string'
    ? { ...entry, firstStart: new Date(json.firstStart) }
    : entry;
}
