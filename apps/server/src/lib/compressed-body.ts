import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptAnswers } from './kept-answers.js';

const brotliAsync = promisify(brotliCompress);
const gunzipped = promisify(gunzip);

/** Bodies this small are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The bytes in memory of their own size, for a body that is kept. zlib answers a view of its
 * whole output chunk, and a small `Buffer.from` is a view of a slab shared with later
 * allocations (64 kB each on Node 24): a kept body of 2 kB held 64 kB, and the kept answers of
 * a busy server held 60 MB for 6 MB of bytes (a heap snapshot after the bench's first pass over
 * its pages: 900 kept bodies, each a view of a 64 kB buffer).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * A body's brotli form, made on the thread pool. Quality 5 compresses about as well as
 * gzip -9 at a fraction of brotli's default cost.
 */
export function brotli(plain: Buffer): Promise<Buffer> {
  return brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
}

/** A body's gzip form at zlib's default level, made on the thread pool. */
export const gzipped: (plain: Buffer) => Promise<Buffer> = promisify(gzip);

/** The brotli and gzip forms of a body, made on the thread pool; none for a small body. */
export async function compressedForms(
  plain: Buffer,
): Promise<Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>> {
  if (plain.length < MIN_COMPRESSED) return {};
  const [br, gz] = await Promise.all([brotli(plain), gzipped(plain)]);
  return { br: ownBytes(br), gzip: ownBytes(gz) };
}

/**
 * A body that many requests share (a kept JSON answer, a kept page), with its brotli and gzip
 * forms made once when it is made, so that each request only picks the form it accepts. Only
 * the compressed forms of a compressed body are kept (a sixth to a twentieth of its plain
 * bytes together): browsers, crawlers and link previews all accept gzip, and the rare client
 * that accepts neither gets the gzip form decompressed for its request. A small body, which
 * is not compressed, is kept as it is.
 */
export class CompressedBody {
  /** The plain bytes, kept only when there is no compressed form. */
  private readonly plain: Buffer | null;

  protected constructor(
    plain: Buffer,
    readonly contentType: string,
    private readonly compressed: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>,
  ) {
    this.plain = compressed.gzip ? null : ownBytes(plain);
  }

  static async from(plain: Buffer | string, contentType: string): Promise<CompressedBody> {
    const bytes = typeof plain === 'string' ? Buffer.from(plain) : plain;
    return new CompressedBody(bytes, contentType, await compressedForms(bytes));
  }

  /** Bytes held, for a cache's budget. */
  get size(): number {
    return (
      (this.plain?.length ?? 0) +
      (this.compressed.br?.length ?? 0) +
      (this.compressed.gzip?.length ?? 0)
    );
  }

  /**
   * Sends the form the client accepts best (brotli, then gzip, else plain: for a compressed
   * body, its gzip form decompressed on the thread pool for this request).
   */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encoding === 'identity' ? undefined : this.compressed[encoding];
    reply.header('content-type', this.contentType);
    reply.header('vary', 'accept-encoding');
    if (body) return reply.header('content-encoding', encoding).send(body);
    return reply.send(this.plain ?? (await gunzipped(this.compressed.gzip!)));
  }
}

/**
 * Browsers send one of a handful of Accept-Encoding headers, so each one's answer is kept
 * rather than parsed again for every stored answer sent.
 */
const encodingOf = keptAnswers(parseAcceptEncoding, 64);

/** br or gzip when the Accept-Encoding header allows it (a q=0 refuses). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  return typeof header === 'string' ? encodingOf(header) : parseAcceptEncoding(header);
}

function parseAcceptEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
