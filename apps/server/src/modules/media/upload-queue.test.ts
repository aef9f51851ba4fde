import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UploadQueue } from './upload-queue.js';

const request = () =>
  ({ raw: { destroyed: false }, releaseUploadSlot: null }) as unknown as FastifyRequest & {
    raw: { destroyed: boolean };
  };

describe('the upload queue', () => {
  it('lets one upload in at a time; the next starts when the first has answered', async () => {
    const queue = new UploadQueue(1, 5_000);
    const first = request();
    await queue.hooks.preParsing(first);
    let secondIn = false;
    const second = request();
    const waiting = queue.hooks.preParsing(second).then(() => (secondIn = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondIn).toBe(false);
    await queue.hooks.onResponse(first);
    await waiting;
    expect(secondIn).toBe(true);
    // Answered and aborted both release; the second call does nothing.
    await queue.hooks.onRequestAbort(second);
    await queue.hooks.onResponse(second);
    expect(queue.busy).toBe(false);
  });

  it('answers 503 with Retry-After to an upload that waited too long', async () => {
    const queue = new UploadQueue(1, 30);
    const first = request();
    await queue.hooks.preParsing(first);
    await expect(queue.hooks.preParsing(request())).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      headers: { 'retry-after': '5' },
    });
    await queue.hooks.onResponse(first);
    // The timed-out request left nothing behind: the next one gets in at once.
    const third = request();
    await queue.hooks.preParsing(third);
    expect(queue.busy).toBe(true);
    await queue.hooks.onResponse(third);
    expect(queue.busy).toBe(false);
  });

  it('gives the slot straight back when the client left while it waited', async () => {
    const queue = new UploadQueue(1, 5_000);
    const first = request();
    await queue.hooks.preParsing(first);
    const gone = request();
    const waiting = queue.hooks.preParsing(gone);
    gone.raw.destroyed = true;
    await queue.hooks.onResponse(first);
    await waiting;
    expect(queue.busy).toBe(false);
  });
});
