import { Semaphore, withTimeout } from 'async-mutex';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives back the upload slot this request holds (once; later calls do nothing). */
    releaseUploadSlot: (() => void) | null;
  }
}

/**
 * Uploads handled at once. Reading an image can take a hundred megabytes or more for a
 * moment (see file-data.ts); one at a time keeps the server's peak memory bounded whatever
 * arrives, and uploads are rare enough that a second one waiting a second or two costs
 * nobody much. Waiting requests hold only their connection: their bodies are not read yet.
 */
export const UPLOADS_AT_ONCE = 1;
/** A request that cannot start within this long is answered 503, to try again shortly. */
export const UPLOAD_WAIT_MS = 60_000;
const RETRY_AFTER_SECONDS = 5;

/**
 * A queue in front of the upload routes, entered in `preParsing` (after the session check,
 * before the body is read) and left when the answer has gone out or the client has gone.
 */
export class UploadQueue {
  private readonly slots;

  constructor(slots = UPLOADS_AT_ONCE, waitMs = UPLOAD_WAIT_MS) {
    this.slots = withTimeout(
      new Semaphore(slots),
      waitMs,
      new AppError(
        'service_unavailable',
        'The server is busy with other uploads. Please try again.',
        {
          'retry-after': String(RETRY_AFTER_SECONDS),
        },
      ),
    );
  }

  /** Hooks for the upload routes' options. */
  readonly hooks = {
    preParsing: async (request: FastifyRequest) => {
      const [, release] = await this.slots.acquire();
      let held = true;
      request.releaseUploadSlot = () => {
        if (held) release();
        held = false;
      };
      // The client gave up while it waited: nothing will answer it, so nothing to keep.
      if (request.raw.destroyed) request.releaseUploadSlot();
    },
    onResponse: async (request: FastifyRequest) => request.releaseUploadSlot?.(),
    onRequestAbort: async (request: FastifyRequest) => request.releaseUploadSlot?.(),
  };

  /** Requests holding a slot now (for tests). */
  get busy(): boolean {
    return this.slots.isLocked();
  }
}
