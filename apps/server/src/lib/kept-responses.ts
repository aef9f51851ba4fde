import type { Executor } from '@chamber/db';
import type { z } from 'zod';
import { JsonBody } from './json-body.js';
import { currentDataVersion, VersionedCache } from './versioned-cache.js';

/**
 * JSON answers that many requests share, each serialized and compressed once and kept under
 * its key until the data version moves (see VersionedCache), within the given limits.
 */
export class KeptResponses {
  private readonly cache: VersionedCache<JsonBody>;

  constructor(
    private readonly db: Executor,
    limits: { maxEntries: number; maxSize: number; name?: string },
  ) {
    this.cache = new VersionedCache<JsonBody>({ ...limits, sizeOf: (body) => body.size });
  }

  async get<S extends z.ZodType>(
    key: string,
    schema: S,
    compute: () => Promise<z.output<S>>,
  ): Promise<JsonBody> {
    return this.cache.get(key, await currentDataVersion(this.db), async () =>
      JsonBody.of(schema, await compute()),
    );
  }
}
