import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compressedForms, ownBytes, preferredEncoding } from './compressed-body.js';
import { JsonBody } from './json-body.js';

const schema = z.object({
  items: z.array(z.object({ id: z.number(), when: z.date(), note: z.string() })),
});
// Dates go out as the schema encodes them, as a route's own answers do.
const schemaWithCodec = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      when: z.codec(z.iso.datetime(), z.date(), {
        decode: (s) => new Date(s),
        encode: (d) => d.toISOString(),
      }),
      note: z.string(),
    }),
  ),
});

const big = {
  items: Array.from({ length: 200 }, (_, i) => ({
    id: i,
    when: new Date(Date.UTC(2026, 2, 1 + (i % 28))),
    note: `Chamber luncheon number ${i}`,
  })),
};
const bigJson = JSON.parse(JSON.stringify(z.encode(schemaWithCodec, big))) as unknown;

const app = Fastify();
beforeAll(async () => {
  const large = await JsonBody.of(schemaWithCodec, big);
  const small = await JsonBody.of(schema, { items: [] });
  app.get('/large', (request, reply) => large.send(request, reply));
  app.get('/small', (request, reply) => small.send(request, reply));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('JsonBody', () => {
  it('sends brotli to a browser that accepts it, and it decodes to the same JSON', async () => {
    const res = await get('/large', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(bigJson);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('/large', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(bigJson);
  });

  it('sends plain JSON to a client that accepts neither', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/large', header);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(bigJson);
    }
  });

  it('holds only the compressed forms of an answer it compresses', async () => {
    const body = await JsonBody.of(schemaWithCodec, big);
    const plain = Buffer.byteLength(JSON.stringify(bigJson));
    const br = (await get('/large', 'br')).rawPayload.length;
    const gzip = (await get('/large', 'gzip')).rawPayload.length;
    // The plain JSON is made again from the gzip form for a client that accepts neither.
    expect(body.size).toBe(br + gzip);
    expect(body.size).toBeLessThan(plain / 2);
  });

  it('holds a small answer as it is', async () => {
    const body = await JsonBody.of(schema, { items: [] });
    expect(body.size).toBe(Buffer.byteLength(JSON.stringify({ items: [] })));
  });

  it('sends a small answer uncompressed whatever the client accepts', async () => {
    const res = await get('/small', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ items: [] });
  });
});

describe('a kept body', () => {
  it('holds memory of its own bytes’ size, not the buffers zlib and the pool made them in', async () => {
    const plain = Buffer.from(JSON.stringify(big));
    const forms = await compressedForms(plain);
    for (const form of [forms.br!, forms.gzip!]) {
      expect(form.length).toBeLessThan(8192);
      expect(form.buffer.byteLength).toBe(form.length);
    }
    expect(brotliDecompressSync(forms.br!).equals(plain)).toBe(true);
    expect(gunzipSync(forms.gzip!).equals(plain)).toBe(true);
    // A small body is kept plain: a view of the shared pool until it is copied out.
    const small = Buffer.from('{"ok":true}');
    const own = ownBytes(small);
    expect(own.equals(small)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
  });
});
