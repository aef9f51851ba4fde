/**
 * Totals counted in memory by key and added to a table in batches, off the request's path: a
 * hit is an addition to a map; `flushMs` after the first hit of a batch (or at once when
 * `maxPending` keys wait, so a flood of keys cannot grow the memory unseen) the batch is handed
 * to `write`, one write at a time. A write that throws puts its batch back for the next one,
 * so a database away for a moment loses nothing; `close` writes what is pending (the app's
 * close). A crash loses at most the hits of the last `flushMs`.
 */
export class BatchedTotals<T extends Record<string, number>> {
  private pending = new Map<string, T>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      /** What is counted, for the log line of a write that failed. */
      what: string;
      flushMs: number;
      maxPending: number;
      /** A key's totals before its first hit. */
      zero: () => T;
      write: (batch: Map<string, T>) => Promise<void>;
      log: { warn(obj: unknown, msg: string): void };
    },
  ) {}

  /** Adds `hits` to the key's totals. */
  add(key: string, hits: Partial<T>): void {
    const totals = this.pending.get(key) ?? this.options.zero();
    for (const [field, n] of Object.entries(hits)) {
      (totals as Record<string, number>)[field] = (totals[field] ?? 0) + (n ?? 0);
    }
    this.pending.set(key, totals);
    if (this.pending.size >= this.options.maxPending) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes what is pending; resolves once it (and any write before it) is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Map<string, T>): Promise<void> {
    if (batch.size === 0) return;
    try {
      await this.options.write(batch);
    } catch (error) {
      this.options.log.warn(
        { err: error },
        `${this.options.what} not written yet; kept for the next batch`,
      );
      for (const [key, totals] of batch) this.add(key, totals);
    }
  }

  /** Stops the timer and writes what is pending. */
  async close(): Promise<void> {
    await this.flush();
  }
}
