import { getTableColumns } from 'drizzle-orm';
import { PgArray } from 'drizzle-orm/pg-core';
import { events } from '@chamber/db';
import type { EventRow } from './queries.js';

/** The events table's timestamp columns, single and array: what `eventRowFromJson` revives. */
const eventColumns = getTableColumns(events);
const dateKeys = new Set(
  Object.entries(eventColumns)
    .filter(([, c]) => c.dataType === 'date')
    .map(([key]) => key),
);
const dateListKeys = new Set(
  Object.entries(eventColumns)
    .filter(([, c]) => c instanceof PgArray && c.baseColumn.dataType === 'date')
    .map(([key]) => key),
);

/**
 * An event row read back from JSON (an outbox row's params): its timestamps, single and in
 * lists, are dates again. The row's columns are this module's, so the rule lives here.
 */
export function eventRowFromJson(json: Record<string, unknown>): EventRow {
  const row: Record<string, unknown> = { ...json };
  for (const key of dateKeys) {
    if (typeof row[key] === 'string') row[key] = new Date(row[key]);
  }
  for (const key of dateListKeys) {
    if (Array.isArray(row[key])) row[key] = (row[key] as string[]).map((d) => new Date(d));
  }
  return row as EventRow;
}
