import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { deflateSync, crc32 } from 'node:zlib';
import type { Bounds, Location } from '@chamber/contract';

/**
 * A local HTTP server that stands in for the map's outside services in tests and the demo:
 * a geocoder with Nominatim's search interface (`GET /search?q=…&format=jsonv2`, answering a
 * list of `{ lat, lon, display_name }`) and a tile server (`GET /tiles/{z}/{x}/{y}.png`, a
 * 256-pixel PNG, two greys in a checker so panning shows). Tests say what the geocoder knows
 * (`answer`), make it find nothing or go down (`mode`), and read what it was asked
 * (`requests`, with the time each arrived and its User-Agent).
 */
export interface MapStandInOptions {
  port?: number;
  host?: string;
  /**
   * For queries it was not told about: 'none' answers an empty list; a region answers a point
   * in it worked out from the query (the same point every time), so any address is placed.
   */
  fallback?: 'none' | Bounds;
}

export interface GeocoderRequest {
  query: string;
  params: Record<string, string>;
  userAgent: string;
  /** performance.now() when it arrived. */
  at: number;
}

export type GeocoderMode = 'answer' | 'nothing' | 'down';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 grey PNG, lighter or darker. */
function tilePng(shade: number): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(size + 1, shade);
  row[0] = 0; // no filter
  // A thin darker border, so tiles show where they meet.
  row[1] = shade - 40;
  const edge = Buffer.alloc(size + 1, shade - 40);
  edge[0] = 0;
  const rows = [edge, ...Array.from({ length: size - 1 }, () => row)];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tiles = [tilePng(236), tilePng(214)];

export class MapStandIn {
  private server: Server | undefined;
  url = '';
  mode: GeocoderMode = 'answer';
  readonly requests: GeocoderRequest[] = [];
  readonly tileRequests: string[] = [];
  private readonly answers = new Map<string, Location>();

  constructor(private readonly options: MapStandInOptions = {}) {}

  /** What the geocoder answers for this query (compared without case). */
  answer(query: string, location: Location): this {
    this.answers.set(query.toLowerCase(), location);
    return this;
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) =>
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  /** The portal's variables for this stand-in. */
  env(): Record<string, string> {
    return {
      GEOCODER_URL: `${this.url}/search`,
      MAP_TILE_URL: `${this.url}/tiles/{z}/{x}/{y}.png`,
    };
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (req.method === 'GET' && tile) {
      this.tileRequests.push(url.pathname);
      const [, , x, y] = tile.map(Number) as [number, number, number, number];
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(tiles[(x + y) % 2]);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/search') {
      const query = url.searchParams.get('q') ?? '';
      this.requests.push({
        query,
        params: Object.fromEntries(url.searchParams),
        userAgent: req.headers['user-agent'] ?? '',
        at: performance.now(),
      });
      if (this.mode === 'down') {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service unavailable');
        return;
      }
      const found = this.mode === 'answer' ? this.lookUp(query) : null;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          found ? [{ lat: String(found.lat), lon: String(found.lng), display_name: query }] : [],
        ),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  }

  private lookUp(query: string): Location | null {
    const known = this.answers.get(query.toLowerCase());
    if (known) return known;
    const region = this.options.fallback;
    if (!region || region === 'none') return null;
    const hash = createHash('sha256').update(query.toLowerCase()).digest();
    const share = (offset: number) => hash.readUInt32BE(offset) / 0xffffffff;
    return {
      lat: region.south + (region.north - region.south) * (0.1 + 0.8 * share(0)),
      lng: region.west + (region.east - region.west) * (0.1 + 0.8 * share(4)),
    };
  }
}

export function startMapStandIn(options: MapStandInOptions = {}): Promise<MapStandIn> {
  return new MapStandIn(options).listen();
}

// `tsx apps/server/src/test/map-stand-in.ts` runs it for the browser tests: MAP_STAND_IN_PORT
// (0 for any free port) and MAP_STAND_IN_REGION (w,s,e,n: any address is found in it). It
// never runs with NODE_ENV=production. The first line it prints names its address
// (tests/e2e/start-server.mjs reads it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.env.NODE_ENV === 'production') {
    console.error('The map stand-in is for tests and the demo; it does not run in production.');
    process.exit(1);
  }
  const [west, south, east, north] = (
    process.env.MAP_STAND_IN_REGION ?? '-112.08,40.44,-111.8,40.64'
  )
    .split(',')
    .map(Number) as [number, number, number, number];
  const standIn = await startMapStandIn({
    port: Number(process.env.MAP_STAND_IN_PORT ?? 0),
    fallback: { west, south, east, north },
  });
  console.log(`Map stand-in at ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
