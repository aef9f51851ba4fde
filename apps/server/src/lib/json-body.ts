import { z } from 'zod';
import { CompressedBody, compressedForms } from './compressed-body.js';

/**
 * A JSON answer serialized once, through its response schema as a route's own answers are,
 * with its brotli and gzip forms made once too (on the thread pool), for answers that many
 * requests share.
 */
export class JsonBody extends CompressedBody {
  static async of<S extends z.ZodType>(schema: S, value: z.output<S>): Promise<JsonBody> {
    const json = Buffer.from(JSON.stringify(z.encode(schema, value)));
    return new JsonBody(json, 'application/json; charset=utf-8', await compressedForms(json));
  }
}
