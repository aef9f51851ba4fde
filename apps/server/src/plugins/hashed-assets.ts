import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Encoding, ownBytes, preferredEncoding } from '../lib/compressed-body.js';

/** The web build's folder of hashed files, under the app's root. */
export const HASHED_DIR = 'assets';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

interface HashedFile {
  type: string;
  /** The compressed copies the build wrote beside it (precompress: text files of 1 kB and more). */
  copies: Set<Exclude<Encoding, 'identity'>>;
}

/**
 * Sends the web build's hashed files (`/assets/…`, named after their content, so they never
 * change while the server runs) from memory: each form of a file (brotli, gzip, or the file
 * itself when the build wrote no compressed copy) is read from disk the first time it is asked
 * for and kept. A page loads 30 to 90 of them; @fastify/static looked each one up on disk,
 * opened and streamed it with its validators, which cost the server about as much as eight
 * answers from the API (decision 172), all while the visitor's browser wants the same cores. At most the build's compressed copies
 * are kept (1.8 MB), and only those visitors ask for; a client that accepts neither encoding
 * (rare: every browser and crawler accepts gzip) is sent the file read again each time.
 */
export async function serveHashedAssets(app: FastifyInstance, root: string): Promise<void> {
  const dir = path.join(root, HASHED_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = new Map<string, HashedFile>();
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    files.set(name, {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      copies: new Set(
        (['br', 'gzip'] as const).filter((encoding) =>
          names.includes(`${name}${SUFFIX[encoding]}`),
        ),
      ),
    });
  }
  const kept = new Map<string, Promise<Buffer>>();
  const read = (file: string) => readFile(path.join(dir, file)).then(ownBytes);
  const keptRead = (file: string) => {
    let bytes = kept.get(file);
    if (!bytes) {
      bytes = read(file);
      kept.set(file, bytes);
      // A failed read is not kept: the next request tries again.
      bytes.catch(() => kept.delete(file));
    }
    return bytes;
  };

  app.get<{ Params: { file: string } }>(`/${HASHED_DIR}/:file`, async (request, reply) => {
    const name = request.params.file;
    const file = files.get(name);
    if (!file) return reply.callNotFound();
    const wanted = preferredEncoding(request.headers['accept-encoding']);
    const encoding = wanted !== 'identity' && file.copies.has(wanted) ? wanted : null;
    // A file the build compressed is kept only in its compressed forms.
    const body = encoding
      ? await keptRead(`${name}${SUFFIX[encoding]}`)
      : file.copies.size > 0
        ? await read(name)
        : await keptRead(name);
    reply
      .header('content-type', file.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      // Which copy was sent depends on Accept-Encoding: shared caches must keep them apart.
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
