import { describe, expect, it } from 'vitest';
import type { ChamberIdentity } from './templates.js';
import type { Mailer } from './mailer.js';
import { defaultPace, type LoopGauge, MailDelivery, type Pace } from './delivery.js';

const noMailer: Mailer = {
  description: 'none',
  send: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};

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

function delivery(loop: LoopGauge = gauge(), pace: Partial<Pace> = {}) {
  const logged: { details: Record<string, unknown>; message: string }[] = [];
  const mail = new MailDelivery(
    () => Promise.resolve({} as ChamberIdentity),
    noMailer,
    {
      error: (details: unknown, message?: string) =>
        logged.push({ details: details as Record<string, unknown>, message: message ?? '' }),
    },
    { ...defaultPace(), gauge: loop, ...pace },
  );
  return { mail, logged };
}

/** A piece of work that runs until it is let go. */
function gated() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('MailDelivery.inTurn', () => {
  it('runs two pieces at a time, in the order they came, and drain waits for all of them', async () => {
    const { mail } = delivery();
    const gates = Array.from({ length: 5 }, gated);
    const started: number[] = [];
    const finished: number[] = [];
    gates.forEach((g, i) =>
      mail.inTurn('registration', async () => {
        started.push(i);
        await g.gate;
        finished.push(i);
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);

    gates[1]!.release();
    await tick();
    expect(started).toEqual([0, 1, 2]);

    let drained = false;
    const draining = mail.drain().then(() => (drained = true));
    // Queued while the drain waits: it waits for that too.
    const late = gated();
    mail.inTurn('registration', async () => {
      await late.gate;
      finished.push(5);
    });
    for (const g of gates) g.release();
    await tick();
    expect(drained).toBe(false);
    late.release();
    await draining;
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('logs a piece that fails, with its kind, and goes on with the next', async () => {
    const { mail, logged } = delivery();
    const ran: string[] = [];
    mail.inTurn('registration', () => Promise.reject(new Error('smtp refused')));
    mail.inTurn('seat offer', async () => void ran.push('offer'));
    await mail.drain();
    expect(ran).toEqual(['offer']);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe('mail could not be sent');
    expect(logged[0]!.details).toMatchObject({ mail: 'registration' });
    expect((logged[0]!.details.err as Error).message).toBe('smtp refused');
  });

  it('waits while the process is busy answering, a pause at a time, then runs', async () => {
    const busy = gauge(0.95, 0.9, 0.8, 0.3);
    const { mail } = delivery(busy, { pauseMs: 20 });
    let startedAt = 0;
    const queuedAt = Date.now();
    mail.inTurn('registration', async () => void (startedAt = Date.now()));
    await mail.drain();
    // Three busy looks, a pause after each, then a quiet one.
    expect(busy.looks).toHaveLength(4);
    expect(startedAt - queuedAt).toBeGreaterThanOrEqual(3 * 20 - 5);
  });

  it('runs a piece at once when the process was quiet', async () => {
    const quiet = gauge(0.2);
    const { mail } = delivery(quiet, { pauseMs: 1_000 });
    const queuedAt = Date.now();
    let startedAt = 0;
    mail.inTurn('registration', async () => void (startedAt = Date.now()));
    await mail.drain();
    expect(quiet.looks).toHaveLength(1);
    expect(startedAt - queuedAt).toBeLessThan(500);
  });

  it('never holds a piece back longer than the longest pause, however busy the process stays', async () => {
    const always = { sinceLastLook: () => 1 };
    const { mail } = delivery(always, { pauseMs: 10, longestPauseMs: 100 });
    const queuedAt = Date.now();
    let startedAt = 0;
    mail.inTurn('registration', async () => void (startedAt = Date.now()));
    await mail.drain();
    expect(startedAt - queuedAt).toBeGreaterThanOrEqual(95);
    expect(startedAt - queuedAt).toBeLessThan(1_000);
  });
});
