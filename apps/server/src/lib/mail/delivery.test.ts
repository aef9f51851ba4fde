import { describe, expect, it } from 'vitest';
import { defaultPace, type LoopGauge, type Pace, quietMoment } from './delivery.js';

/** A process whose event loop reports these shares of busy time, then is quiet. */
function gauge(...shares: number[]) {
  const looks: number[] = [];
  return {
    looks,
    sinceLastLook: () => {
      looks.push(Date.now());
      return shares.shift() ?? 0;
    },
  };
}

const pace = (loop: LoopGauge, rest: Partial<Pace> = {}): Pace => ({
  ...defaultPace(),
  gauge: loop,
  ...rest,
});

/** How long the quiet moment took to come (ms). */
async function waited(p: Pace): Promise<number> {
  const started = Date.now();
  await quietMoment(p);
  return Date.now() - started;
}

describe('quietMoment (the outbox composes at a quiet moment)', () => {
  it('waits while the process is busy answering, a pause at a time', async () => {
    const busy = gauge(0.95, 0.9, 0.8, 0.3);
    const ms = await waited(pace(busy, { pauseMs: 20 }));
    // Three busy looks, a pause after each, then a quiet one.
    expect(busy.looks).toHaveLength(4);
    expect(ms).toBeGreaterThanOrEqual(3 * 20 - 5);
  });

  it('comes at once when the process was quiet', async () => {
    const quiet = gauge(0.2);
    const ms = await waited(pace(quiet, { pauseMs: 1_000 }));
    expect(quiet.looks).toHaveLength(1);
    expect(ms).toBeLessThan(500);
  });

  it('never waits longer than the longest pause, however busy the process stays', async () => {
    const ms = await waited(pace({ sinceLastLook: () => 1 }, { pauseMs: 10, longestPauseMs: 100 }));
    expect(ms).toBeGreaterThanOrEqual(95);
    expect(ms).toBeLessThan(1_000);
  });
});
