import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import * as q from './queries.js';
import type { EventRow } from './queries.js';
import { Recurrence } from './recurrence.js';
import { compactUtc, parseCompactUtc } from './rule-text.js';

export const eventNotFound = () => new AppError('not_found', 'Event not found');

/** `<seriesId>_<original start, compact UTC>`. */
export function occurrenceId(seriesId: string, originalStart: Date): string {
  return `${seriesId}_${compactUtc(originalStart)}`;
}

/** The expander of a stored series; its stored end makes a COUNT rule cheap to expand. */
export function recurrenceOf(series: EventRow): Recurrence {
  return new Recurrence({ ...series, rrule: series.rrule! }, series.recurrenceEnd);
}

/** What an event id names. */
export type Target =
  | { kind: 'single'; row: EventRow }
  | { kind: 'series'; row: EventRow }
  | { kind: 'occurrence'; series: EventRow; override: EventRow | null; originalStart: Date };

/** The row whose owner decides who may edit: the series for its occurrences. */
export const ownerRow = (t: Target): EventRow => (t.kind === 'occurrence' ? t.series : t.row);

/** The id a registration's event or occurrence resolves by (`resolveTarget`), from its key. */
export function targetIdOf(key: { eventId: string; occurrenceKey: string }): string {
  return key.occurrenceKey ? `${key.eventId}_${key.occurrenceKey}` : key.eventId;
}

/** The registration key of a target: '' for a single event, the id suffix for an occurrence. */
export function registrationKey(t: Target): { eventId: string; occurrenceKey: string } {
  return t.kind === 'occurrence'
    ? { eventId: t.series.id, occurrenceKey: compactUtc(t.originalStart) }
    : { eventId: t.row.id, occurrenceKey: '' };
}

/** The values an occurrence shows: its override's, else the series' at its own time. */
export function shownRow(t: Target): EventRow {
  if (t.kind !== 'occurrence') return t.row;
  if (t.override) return t.override;
  const start = t.originalStart;
  return { ...t.series, startTime: start, endTime: recurrenceOf(t.series).endOf(start) };
}

/**
 * Resolves an event id: a uuid (a single event, a series, or the row of an override, which
 * stands for its occurrence) or an occurrence id. An id a series edit retired answers for the
 * occurrence that replaced it (see `retireEventIds`). Unknown ids, excluded occurrences and
 * dates the rule does not give are 404.
 */
export async function resolveTarget(db: Executor, id: string, lock = false): Promise<Target> {
  try {
    return await resolveExact(db, id, lock);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'not_found') throw err;
    const successor = id.length <= 80 ? await q.successorOf(db, id) : undefined;
    if (!successor) throw err;
    return resolveExact(db, successor, lock);
  }
}

async function resolveExact(db: Executor, id: string, lock: boolean): Promise<Target> {
  const find = lock ? q.lockEvent : q.findEvent;
  const sep = id.indexOf('_');
  if (sep === -1) {
    if (!isUuid(id)) throw eventNotFound();
    const row = await find(db, id);
    if (!row) throw eventNotFound();
    if (row.seriesId && row.originalStart) {
      const series = await find(db, row.seriesId);
      if (!series?.rrule) throw eventNotFound();
      return { kind: 'occurrence', series, override: row, originalStart: row.originalStart };
    }
    return row.rrule ? { kind: 'series', row } : { kind: 'single', row };
  }
  const seriesId = id.slice(0, sep);
  const originalStart = parseCompactUtc(id.slice(sep + 1));
  if (!isUuid(seriesId) || !originalStart) throw eventNotFound();
  const series = await find(db, seriesId);
  if (!series?.rrule) throw eventNotFound();
  const recurrence = recurrenceOf(series);
  if (recurrence.isExcluded(originalStart)) throw eventNotFound();
  const override = (await q.findOverride(db, seriesId, originalStart)) ?? null;
  if (!override && !recurrence.produces(originalStart)) throw eventNotFound();
  return { kind: 'occurrence', series, override, originalStart };
}
