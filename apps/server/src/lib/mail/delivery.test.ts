import { describe, expect, it } from 'vitest';
import type { ChamberIdentity } from './templates.js';
import type { Mailer } from './mailer.js';
import { MailDelivery } from './delivery.js';

const noMailer: Mailer = {
  description: 'none',
  send: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};

function delivery() {
  const logged: { details: Record<string, unknown>; message: string }[] = [];
  const mail = new MailDelivery(() => Promise.resolve({} as ChamberIdentity), noMailer, {
    error: (details: unknown, message?: string) =>
      logged.push({ details: details as Record<string, unknown>, message: message ?? '' }),
  });
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
});
