import { describe, expect, it } from 'vitest';
import { BatchedTotals } from './batched-totals.js';

type Counts = { views: number; clicks: number };

function totals(write: (batch: Map<string, Counts>) => Promise<void>, maxPending = 100) {
  const warnings: string[] = [];
  const t = new BatchedTotals<Counts>({
    what: 'test counts',
    flushMs: 60_000,
    maxPending,
    zero: () => ({ views: 0, clicks: 0 }),
    write,
    log: { warn: (_obj, msg) => warnings.push(msg) },
  });
  return { t, warnings };
}

describe('totals counted in memory and written in batches', () => {
  it('adds hits per key and writes them once, on flush', async () => {
    const written: Map<string, Counts>[] = [];
    const { t } = totals(async (batch) => void written.push(batch));
    t.add('a', { views: 1 });
    t.add('a', { views: 1, clicks: 1 });
    t.add('b', { clicks: 2 });
    expect(written).toEqual([]);
    await t.flush();
    await t.flush();
    expect(written).toHaveLength(1);
    expect(Object.fromEntries(written[0]!)).toEqual({
      a: { views: 2, clicks: 1 },
      b: { views: 0, clicks: 2 },
    });
  });

  it('keeps a batch whose write failed for the next one, adding what came meanwhile', async () => {
    let fail = true;
    const written: Map<string, Counts>[] = [];
    const { t, warnings } = totals(async (batch) => {
      if (fail) throw new Error('database away');
      written.push(batch);
    });
    t.add('a', { views: 3 });
    await t.flush();
    expect(warnings).toEqual(['test counts not written yet; kept for the next batch']);
    fail = false;
    t.add('a', { views: 1 });
    await t.close();
    expect(Object.fromEntries(written[0]!)).toEqual({ a: { views: 4, clicks: 0 } });
  });

  it('writes at once when too many keys wait', async () => {
    const written: Map<string, Counts>[] = [];
    const { t } = totals(async (batch) => void written.push(batch), 3);
    t.add('a', { views: 1 });
    t.add('b', { views: 1 });
    t.add('c', { views: 1 });
    await t.close();
    expect(written[0]!.size).toBe(3);
  });
});
