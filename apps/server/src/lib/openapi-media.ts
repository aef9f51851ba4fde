import { z } from 'zod';

/**
 * A response documented under its real media types (a calendar file, an image) instead of
 * the JSON a schema alone stands for; Fastify does not serialize such answers, the handler
 * sends their bytes.
 */
export function mediaResponse(description: string, mediaTypes: readonly string[]) {
  const text = mediaTypes.every((type) => type.startsWith('text/'));
  // Bytes (a Buffer or a stream) to the handler's types; a binary string to OpenAPI's.
  const schema = text ? z.string() : z.unknown().meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
  };
}

/** 304 Not Modified: no body. */
export const notModifiedResponse = z.null().describe('Not modified');
