import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { type ListingCountKind, dateKeyIn } from '@chamber/contract';
import { chambers, type Database } from '@chamber/db';
import { sql } from 'drizzle-orm';
import { BatchedTotals } from './batched-totals.js';
import type { Clock } from './clock.js';
import { isUuid } from './input.js';
import { keptAnswers } from './kept-answers.js';

/** A Postgres array literal of plain values (ids, dates, enum values, numbers). */
const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** How long hits wait in memory before they are added to the table. */
const FLUSH_MS = 2_000;
/** A batch this large is written at once, so a flood of ids cannot grow the memory unseen. */
const MAX_PENDING = 20_000;
const MINUTE_MS = 60_000;

/**
 * isbot's answer per user agent, kept (512 of them): its rules are one large regular
 * expression, about 2 µs a browser's user agent.
 */
const isBotAgent = keptAnswers(isbot, 512);

/**
 * Whether a request is a person's visit worth counting: a browser's user agent that the
 * isbot rules (crawlers, link previewers, monitors, headless browsers) do not recognise, and
 * not a prefetch the browser made on its own.
 */
export function isCountedVisit(headers: IncomingHttpHeaders): boolean {
  const agent = headers['user-agent'];
  if (!agent || isBotAgent(agent)) return false;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

/**
 * Counts listing views and clicks as daily totals per listing, off the request's path: a hit
 * is one addition to a map in memory; every couple of seconds the totals are added to
 * `listing_counts` in one statement (insert, or add to the day's row). Nothing about the
 * visitor is kept, not even in memory: a hit is a listing, a kind and a minute. Hits are
 * bucketed by minute and given the chamber's calendar day when they are written, so a batch
 * spanning midnight lands on both days. A crash loses at most the last seconds' hits.
 */
export class ListingCounter {
  private readonly totals: BatchedTotals<{ hits: number }>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    log: { warn(obj: unknown, msg: string): void },
    flushMs = FLUSH_MS,
  ) {
    this.totals = new BatchedTotals({
      what: 'listing counts',
      flushMs,
      maxPending: MAX_PENDING,
      zero: () => ({ hits: 0 }),
      write: (batch) => this.write(batch),
      log,
    });
  }

  /**
   * Counts one hit when the request is a person's visit; never throws. `subject` is the
   * listing (a contact id), or for job_view and apply_click the job post, whose listing is
   * read when the batch is written.
   */
  count(headers: IncomingHttpHeaders, subject: string, kind: ListingCountKind): void {
    if (!isUuid(subject) || !isCountedVisit(headers)) return;
    const minute = Math.floor(this.clock.now().getTime() / MINUTE_MS);
    this.totals.add(`${subject}|${kind}|${minute}`, { hits: 1 });
  }

  /** Writes what is pending; resolves once it (and any write before it) is in the table. */
  flush(): Promise<void> {
    return this.totals.flush();
  }

  private async write(batch: Map<string, { hits: number }>): Promise<void> {
    const [chamber] = await this.db.select({ timezone: chambers.timezone }).from(chambers).limit(1);
    const timeZone = chamber?.timezone ?? 'America/Denver';
    // One row per listing, day and kind: a statement may not touch a row twice.
    const totals = new Map<string, number>();
    for (const [key, { hits }] of batch) {
      const [subject, kind, minute] = key.split('|');
      const day = dateKeyIn(new Date(Number(minute) * MINUTE_MS), timeZone);
      const row = `${subject}|${day}|${kind}`;
      totals.set(row, (totals.get(row) ?? 0) + hits);
    }
    const rows = [...totals].map(([key, hits]) => {
      const [subject = '', day = '', kind = ''] = key.split('|');
      return [subject, day, kind, hits] as const;
    });
    // A job post's hits go to its listing; listings or posts that do not exist (a made-up
    // id, one deleted meanwhile) are left out.
    await this.db.execute(sql`
      insert into listing_counts (contact_id, day, kind, count)
      select coalesce(j.contact_id, c.id), v.day, v.kind, sum(v.count)::integer
      from unnest(
        ${pgArray(rows.map((r) => r[0]))}::uuid[],
        ${pgArray(rows.map((r) => r[1]))}::date[],
        ${pgArray(rows.map((r) => r[2]))}::listing_count_kind[],
        ${pgArray(rows.map((r) => r[3]))}::integer[]
      ) as v(subject, day, kind, count)
      left join job_posts j on j.id = v.subject and v.kind in ('job_view', 'apply_click')
      left join contacts c on c.id = v.subject and v.kind not in ('job_view', 'apply_click')
      where coalesce(j.contact_id, c.id) is not null
      group by 1, 2, 3
      on conflict (contact_id, day, kind)
      do update set count = listing_counts.count + excluded.count`);
  }

  /** Stops the timer and writes what is pending (the app's close). */
  async close(): Promise<void> {
    await this.totals.close();
  }
}

const pagesCounted: [RegExp, ListingCountKind][] = [
  [/^\/members\/([0-9a-f-]{36})\/?$/i, 'listing_view'],
  [/^\/job-postings\/([0-9a-f-]{36})\/?$/i, 'job_view'],
];

/** A public page sent (200): a member page is a view of its listing, a job post of its post. */
export function countPageView(
  counter: ListingCounter,
  pathname: string,
  headers: IncomingHttpHeaders,
): void {
  for (const [pattern, kind] of pagesCounted) {
    const id = pattern.exec(pathname)?.[1];
    if (id) return counter.count(headers, id, kind);
  }
}
