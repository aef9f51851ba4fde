import { eq } from 'drizzle-orm';
import { dataVersion, type Executor } from '@chamber/db';
import { reusableQuery } from './reusable-query.js';

/**
 * The change counter the triggers of migration 0008 raise at every relevant commit, read by a
 * query that starts after this call: every change committed before the request arrived is
 * counted. Requests that ask while a read is under way share the next one (at most one read
 * in flight and one waiting per database handle), so under load the counter costs one round
 * trip per batch of requests rather than one per request. Without its row (never expected)
 * the answer is NaN, which no kept version equals or exceeds: every request then computes its
 * answer, rather than one answer being kept for ever.
 */
export function currentDataVersion(db: Executor): Promise<number> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new SharedRead(async () => {
      const [row] = await versionQuery(db, {});
      return row?.version ?? Number.NaN;
    });
    readers.set(db, reader);
  }
  return reader.next();
}

const readers = new WeakMap<Executor, SharedRead<number>>();

const versionQuery = reusableQuery((db) =>
  db
    .select({ version: dataVersion.version })
    .from(dataVersion)
    .where(eq(dataVersion.id, 1))
    .prepare('data_version'),
);

/**
 * A read that callers share without ever getting one that began before they asked: a caller
 * gets the read that starts next, which is at once when none is running, else when the
 * running one ends (together with everyone else who asked meanwhile).
 */
export class SharedRead<T> {
  private running: Promise<T> | null = null;
  private waiting: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  next(): Promise<T> {
    if (!this.running) return this.start();
    if (!this.waiting) {
      const after = this.running.then(
        () => undefined,
        () => undefined,
      );
      this.waiting = after.then(() => {
        this.waiting = null;
        return this.start();
      });
    }
    return this.waiting;
  }

  private start(): Promise<T> {
    const run = this.read();
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }
}

interface Entry<V> {
  version: number;
  value: Promise<V>;
  size: number;
}

/**
 * Answers computed from the database, each kept with the data version read before it was
 * computed and reused only while that version is still the current one. An answer can only
 * be newer than its version, never older, so nothing stale is served, in this process or any
 * other. Requests that miss together share one computation. The least recently used answers
 * go first when there are more than `maxEntries`, or their sizes add up to more than `maxSize`.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private size = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    private readonly limits: {
      maxEntries: number;
      maxSize?: number;
      sizeOf?: (value: V) => number;
      /** Named caches are counted in keptAnswerStats(). */
      name?: string;
    },
  ) {
    if (limits.name) named.add(new WeakRef(this as VersionedCache<unknown>));
  }

  /** What the cache holds and how often it answered from what it held, since it was made. */
  stats(): KeptAnswerStats {
    return {
      name: this.limits.name ?? '',
      entries: this.entries.size,
      bytes: this.size,
      maxEntries: this.limits.maxEntries,
      maxBytes: Number.isFinite(this.limits.maxSize ?? Infinity) ? this.limits.maxSize! : null,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }

  get(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    // A newer answer than asked for is fine too: it was computed after this request began.
    if (hit && hit.version >= version) {
      this.hits += 1;
      // Map order is insertion order: re-inserting marks the entry as recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.misses += 1;
    const entry: Entry<V> = { version, value: compute(), size: 0 };
    this.remove(key);
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = this.limits.sizeOf?.(value) ?? 0;
        this.size += entry.size;
        this.evict();
      },
      // A failure is not kept: the next request tries again.
      () => this.entries.get(key) === entry && this.remove(key),
    );
    this.evict();
    return entry.value;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.size;
    this.entries.delete(key);
  }

  private evict() {
    const { maxEntries, maxSize = Infinity } = this.limits;
    while (this.entries.size > maxEntries || (this.size > maxSize && this.entries.size > 1)) {
      this.remove(this.entries.keys().next().value!);
      this.evictions += 1;
    }
  }
}

export interface KeptAnswerStats {
  name: string;
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number | null;
  hits: number;
  misses: number;
  evictions: number;
}

/** Every named cache alive in this process (weakly held: an app that closed lets its go). */
const named = new Set<WeakRef<VersionedCache<unknown>>>();

/** The named caches' figures, added up per name (one app per process has one of each). */
export function keptAnswerStats(): KeptAnswerStats[] {
  const byName = new Map<string, KeptAnswerStats>();
  for (const ref of named) {
    const cache = ref.deref();
    if (!cache) {
      named.delete(ref);
      continue;
    }
    const stats = cache.stats();
    const sum = byName.get(stats.name);
    if (!sum) byName.set(stats.name, stats);
    else {
      for (const field of ['entries', 'bytes', 'hits', 'misses', 'evictions'] as const) {
        sum[field] += stats[field];
      }
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
