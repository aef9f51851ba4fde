/** What a batch answers for one of its items. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * Work that must not run side by side for one key (an occurrence's seats, say), taken in the
 * order it arrived and in batches: while a batch for a key is out, the items that arrive for
 * it wait here, without a database connection, and go together in the next, at most `limit`
 * at a time. A lone item goes at once.
 *
 * `work` answers an outcome per item, in their order. If it throws for a batch of several,
 * one item's fault is its own: each item goes again alone, with its own answer; a lone item
 * that throws gets that error. Only this process's items line up here: work that must also be kept apart
 * from other processes takes its lock in the database as well.
 */
export class BatchLine<T, R> {
  /** The items waiting per key; present while a batch for the key is out. */
  private readonly lines = new Map<string, Waiting<T, R>[]>();

  constructor(
    private readonly work: (key: string, items: T[]) => Promise<Outcome<R>[]>,
    private readonly limit: number,
  ) {}

  take(key: string, item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      const waiting = { item, resolve, reject };
      const queue = this.lines.get(key);
      if (queue) {
        queue.push(waiting);
        return;
      }
      this.lines.set(key, []);
      void this.run(key, [waiting]);
    });
  }

  private async run(key: string, batch: Waiting<T, R>[]): Promise<void> {
    const outcomes = await this.settle(
      key,
      batch.map((w) => w.item),
    );
    batch.forEach((w, i) => {
      const outcome = outcomes[i] ?? { ok: false, error: new Error('The batch gave no answer.') };
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
    const queue = this.lines.get(key)!;
    if (queue.length === 0) {
      this.lines.delete(key);
      return;
    }
    void this.run(key, queue.splice(0, this.limit));
  }

  /** `work` for the batch; if it throws, each item alone. */
  private async settle(key: string, items: T[]): Promise<Outcome<R>[]> {
    try {
      return await this.work(key, items);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      const outcomes: Outcome<R>[] = [];
      for (const item of items) outcomes.push(...(await this.settle(key, [item])));
      return outcomes;
    }
  }
}
