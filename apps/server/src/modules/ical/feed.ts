import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Calendar } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { brotli, gzipped, preferredEncoding } from '../../lib/compressed-body.js';
import { icsEntryFor } from './entries.js';
import {
  ICS_CONTENT_TYPE,
  type IcsEntry,
  icsFileName,
  type IcsSource,
  renderCalendar,
} from './ical.js';
import { calendarQueries as q, shownRow, type Target } from '../calendars/index.js';

/** How far back the feed reaches: a subscriber needs last year's events at most. */
const FEED_HISTORY_MS = 366 * 86_400_000;

/** A calendar file with what a client needs to ask for it again only when it changed. */
export interface CalendarFile {
  body: string;
  /** Weak: the same for the plain and the compressed bytes. */
  etag: string;
  /** The latest change of an event in it; null when it holds none. */
  lastModified: Date | null;
}

/** The public feed: single events, and series with their edited occurrences. */
export async function calendarFeed(
  db: Executor,
  calendar: Calendar,
  source: IcsSource,
  now: Date,
): Promise<CalendarFile> {
  const since = new Date(now.getTime() - FEED_HISTORY_MS);
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
  const body = renderCalendar(source, entries);
  const changes = [...rows, ...overrides].map((r) => r.updatedAt.getTime());
  return {
    body,
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    lastModified: changes.length ? new Date(Math.max(...changes)) : null,
  };
}

/** Whether an If-None-Match header names the tag (weak comparison, RFC 9110 13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Bodies this small are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED = 1024;

/**
 * Sends a calendar file with its ETag and Last-Modified: 304 without a body when the client's
 * If-None-Match names it, else the body compressed as the client accepts (calendar apps poll
 * the feed every few hours, and it grows with every series).
 */
export async function sendCalendarFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CalendarFile,
): Promise<FastifyReply> {
  reply.header('etag', file.etag).header('vary', 'accept-encoding');
  if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
  if (matchesEtag(request.headers['if-none-match'], file.etag)) {
    return reply.status(304).send();
  }
  const plain = Buffer.from(file.body);
  const encoding =
    plain.length < MIN_COMPRESSED
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding']);
  reply.type(ICS_CONTENT_TYPE);
  if (encoding === 'br') {
    return reply.header('content-encoding', 'br').send(await brotli(plain));
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(await gzipped(plain));
  return reply.send(plain);
}

/** One event's file: a series with its edited occurrences, or one event or occurrence. */
export async function eventIcs(db: Executor, target: Target, source: IcsSource) {
  const overrides = target.kind === 'series' ? await q.overridesOf(db, [target.row.id]) : [];
  return {
    filename: icsFileName(shownRow(target).title),
    body: renderCalendar(source, [await icsEntryFor(db, target, overrides)]),
  };
}
