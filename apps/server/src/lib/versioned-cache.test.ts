import { describe, expect, it, vi } from 'vitest';
import { keptAnswerStats, SharedRead, VersionedCache } from './versioned-cache.js';

const counter = () => {
  let n = 0;
  return vi.fn(async () => `answer ${++n}`);
};

describe('VersionedCache', () => {
  it('counts its hits, misses, evictions and bytes, for keptAnswerStats() by name', async () => {
    const cache = new VersionedCache<string>({
      name: 'test answers',
      maxEntries: 2,
      sizeOf: (value) => value.length,
    });
    const compute = (value: string) => async () => value;
    await cache.get('a', 1, compute('aaaa'));
    await cache.get('a', 1, compute('not computed'));
    await cache.get('a', 1, compute('not computed'));
    await cache.get('b', 1, compute('bb'));
    await cache.get('c', 1, compute('c')); // a is the least recently used: dropped
    await cache.get('a', 2, compute('aaa')); // dropped, and a newer version anyway
    const mine = keptAnswerStats().find((s) => s.name === 'test answers');
    expect(mine).toEqual({
      name: 'test answers',
      entries: 2,
      bytes: 4,
      maxEntries: 2,
      maxBytes: null,
      hits: 2,
      misses: 4,
      evictions: 2,
    });
    // Unnamed caches are not listed (the list also holds the caches of modules loaded before).
    const unnamed = new VersionedCache<string>({ maxEntries: 1 });
    await unnamed.get('x', 1, compute('x'));
    expect(unnamed.stats().entries).toBe(1);
    expect(keptAnswerStats().map((s) => s.name)).not.toContain('');
  });

  it('reuses an answer while the version is unchanged and recomputes after a change', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    const compute = counter();
    expect(await cache.get('k', 1, compute)).toBe('answer 1');
    expect(await cache.get('k', 1, compute)).toBe('answer 1');
    expect(await cache.get('k', 2, compute)).toBe('answer 2');
    expect(await cache.get('k', 2, compute)).toBe('answer 2');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('serves an answer computed at a newer version to a request that read an older one', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    const compute = counter();
    await cache.get('k', 5, compute);
    expect(await cache.get('k', 4, compute)).toBe('answer 1');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps answers of different keys apart', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    expect(await cache.get('a', 1, async () => 'A')).toBe('A');
    expect(await cache.get('b', 1, async () => 'B')).toBe('B');
    expect(await cache.get('a', 1, async () => 'other')).toBe('A');
  });

  it('shares one computation between requests that miss together', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    let release!: (value: string) => void;
    const compute = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.get('k', 1, compute);
    const second = cache.get('k', 1, compute);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next request computes again', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    await expect(cache.get('k', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', 1, async () => 'recovered')).toBe('recovered');
  });

  it('never reuses anything when the version is unknown (NaN)', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    const compute = counter();
    await cache.get('k', Number.NaN, compute);
    expect(await cache.get('k', Number.NaN, compute)).toBe('answer 2');
  });

  it('drops the least recently used answers beyond maxEntries and maxSize', async () => {
    const byCount = new VersionedCache<string>({ maxEntries: 2 });
    await byCount.get('a', 1, async () => 'A');
    await byCount.get('b', 1, async () => 'B');
    await byCount.get('a', 1, async () => 'A again'); // a is now the most recent
    await byCount.get('c', 1, async () => 'C'); // b goes
    expect(await byCount.get('a', 1, async () => 'A recomputed')).toBe('A');
    expect(await byCount.get('b', 1, async () => 'B recomputed')).toBe('B recomputed');

    const bySize = new VersionedCache<string>({
      maxEntries: 100,
      maxSize: 10,
      sizeOf: (v) => v.length,
    });
    await bySize.get('a', 1, async () => 'aaaaaa');
    await bySize.get('b', 1, async () => 'bbbbbb'); // 12 > 10: a goes
    expect(await bySize.get('b', 1, async () => 'recomputed')).toBe('bbbbbb');
    expect(await bySize.get('a', 1, async () => 'recomputed')).toBe('recomputed');
  });
});

describe('SharedRead', () => {
  /** A read per call, each finished by hand; answers its sequence number. */
  const manual = () => {
    const pending: (() => void)[] = [];
    let started = 0;
    const read = vi.fn(() => {
      const n = ++started;
      return new Promise<number>((resolve) => pending.push(() => resolve(n)));
    });
    const finish = async () => {
      pending.shift()!();
      // Let the shared read's bookkeeping run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    return { read, finish };
  };

  it('never answers a caller with a read that began before it asked', async () => {
    const { read, finish } = manual();
    const shared = new SharedRead(read);
    const first = shared.next(); // starts read 1
    const second = shared.next(); // asked while read 1 runs: waits for read 2
    const third = shared.next(); // shares read 2
    expect(read).toHaveBeenCalledTimes(1);
    await finish();
    expect(await first).toBe(1);
    expect(read).toHaveBeenCalledTimes(2);
    await finish();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Nothing running: the next caller starts a read of its own.
    const fourth = shared.next();
    expect(read).toHaveBeenCalledTimes(3);
    await finish();
    expect(await fourth).toBe(3);
  });

  it('passes a failed read on to its callers only; the next read starts afresh', async () => {
    let fail = true;
    const shared = new SharedRead(async () => {
      if (fail) throw new Error('connection lost');
      return 7;
    });
    await expect(shared.next()).rejects.toThrow('connection lost');
    fail = false;
    expect(await shared.next()).toBe(7);
  });
});
