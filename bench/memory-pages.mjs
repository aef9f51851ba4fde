// The server's memory while visitors read the public pages: the production build on a fresh
// embedded database seeded as `pnpm bench` seeds it, loaded with the benchmark's anonymous
// requests (the directory, its categories and map, member pages and the calendar's windows as
// JSON, then the same pages as the server renders them), one after the other at the
// benchmark's concurrency. Prints, for each load, the server's peak resident memory (sampled
// from /proc) and the V8 heap and Buffer memory at their peaks (sampled inside the server by
// bench/lib/heap-probe.mjs), and the peak over the whole run (the kernel's high-water mark).
// A few minutes instead of the whole benchmark's twenty, and far less sensitive than timings
// to other work on the machine.
//
//   node bench/memory-pages.mjs       scale 1, 10 s per load after 3 s of warm-up
//   --scale N, --seconds S, --connections C, --only html-directory,html-category,
//   --port P, --app DIR (the build of another checkout), --node-flags "…" (more flags for the
//   server's node), --malloc-mmap-threshold (as the container image runs it; see
//   docs/operator/operations.md, Memory), --json FILE (the figures as JSON), --data-dir DIR
//   (seeded on the first run, kept and used again by the next: before and after a change on
//   the same data, without seeding each time)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { database, seatEvents } from './lib/dues-seats.mjs';
import { measure } from './lib/load.mjs';
import { memorySampler } from './lib/memory.mjs';
import { SERVER_ALLOCATOR_ENV, freePort, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { scenarios } from './lib/scenarios.mjs';

/** The whole benchmark's target for the server's peak resident memory (docs/performance.md). */
const TARGET_MB = 256;
/** The benchmark's anonymous loads, in its order, and the calendar and home pages as HTML. */
const KEYS = [
  'baseline',
  'directory',
  'search',
  'category',
  'map',
  'member',
  'month',
  'year',
  'spa',
  'html-directory',
  'html-category',
  'html-member',
  'html-event',
  'html-calendar',
  'html-home',
];

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    port: { type: 'string' },
    app: { type: 'string' },
    'node-flags': { type: 'string' },
    'malloc-mmap-threshold': { type: 'boolean', default: false },
    json: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const app = path.resolve(args.app ?? root);
requireBuilt(['apps/server/dist/server.js', 'apps/web/dist/index.html'], app);
const wanted = (key) => !args.only || args.only.split(',').includes(key);
const MB = 1024 * 1024;
const mb = (bytes) => Math.round(bytes / MB);

const loadBefore = os.loadavg()[0];
const port = Number(args.port ?? (await freePort()));
const probeLog = path.join(os.tmpdir(), `chamber-memory-${process.pid}-${port}.log`);
writeFileSync(probeLog, '');
const portal = await startPortal({
  scale: Number(args.scale),
  app,
  port,
  dataDir: args['data-dir'],
  nodeArgs: [
    '--import',
    pathToFileURL(path.join(root, 'bench/lib/heap-probe.mjs')).href,
    ...(args['node-flags']?.split(/\s+/).filter(Boolean) ?? []),
  ],
  env: {
    BENCH_MEMORY_LOG: probeLog,
    ...(args['malloc-mmap-threshold'] ? SERVER_ALLOCATOR_ENV : {}),
  },
});

/** The heap probe's samples taken since `since` (ms): the peak of each figure, in bytes. */
function heapPeaks(since) {
  const peaks = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  for (const line of readFileSync(probeLog, 'utf8').split('\n')) {
    const [at, , heapTotal, heapUsed, external, arrayBuffers] = line.split(' ').map(Number);
    if (!(at >= since)) continue;
    peaks.heapTotal = Math.max(peaks.heapTotal, heapTotal);
    peaks.heapUsed = Math.max(peaks.heapUsed, heapUsed);
    peaks.external = Math.max(peaks.external, external);
    peaks.arrayBuffers = Math.max(peaks.arrayBuffers, arrayBuffers);
  }
  return peaks;
}

/** Until the server has answered what was still queued: three fast health checks in a row. */
async function settle() {
  const deadline = Date.now() + 60_000;
  for (let fast = 0; fast < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await fetch(`${portal.url}/api/health`).then((res) => res.arrayBuffer());
    fast = performance.now() - started < 20 ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const store = await database(portal.dataDir);
let exitCode = 0;
const rows = [];
try {
  await store.pool.query('checkpoint');
  // The event page's event: the benchmark's own, written once to data used again.
  const { rows: kept } = await store.pool.query(
    `select id from events where title = 'Bench gala (500 seats)' order by id limit 1`,
  );
  const seats = kept[0] ? { door: kept[0].id } : await seatEvents(store.pool, 200);
  const extra = [
    {
      name: 'calendar pages, HTML',
      key: 'html-calendar',
      // This month and the next five, as visitors page through them.
      requests: [0, 1, 2, 3, 4, 5].map((ahead) => {
        const at = new Date();
        at.setUTCDate(1);
        at.setUTCMonth(at.getUTCMonth() + ahead);
        return { path: ahead ? `/calendar?month=${at.toISOString().slice(0, 7)}` : '/calendar' };
      }),
    },
    { name: 'home page, HTML', key: 'html-home', requests: [{ path: '/' }] },
  ];
  const byKey = new Map([...(await scenarios(portal.url, seats)), ...extra].map((s) => [s.key, s]));
  const list = KEYS.map((key) => byKey.get(key)).filter((s) => s && wanted(s.key));
  // Every kind of request must work before it is loaded (the map's 2,000 views: the first 100).
  for (const s of list) {
    for (const r of s.requests.slice(0, 100)) {
      const res = await fetch(`${portal.url}${r.path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${s.name}: GET ${r.path} answered ${res.status}`);
    }
  }
  const memory = memorySampler(portal.pid, 100);
  const idle = { rss: memory.mark().serverMb, ...heapPeaks(Date.now() - 1000) };
  console.log(
    `idle: rss ${Math.round(idle.rss)} MB, heap ${mb(idle.heapUsed)} of ${mb(idle.heapTotal)} MB, external ${mb(idle.external)} MB (buffers ${mb(idle.arrayBuffers)} MB)`,
  );
  for (const s of list) {
    await settle();
    memory.mark();
    const since = Date.now();
    const figures = await measure({
      url: portal.url,
      requests: s.requests,
      connections: Number(args.connections),
      seconds: Number(args.seconds),
      warmupSeconds: Number(args.warmup),
    });
    const rss = memory.mark().serverMb;
    const heap = heapPeaks(since);
    const row = {
      key: s.key,
      name: s.name,
      requests: figures.requests,
      errors: figures.errors,
      kbPerResponse: figures.kbPerResponse,
      rssMb: Math.round(rss),
      heapUsedMb: mb(heap.heapUsed),
      heapTotalMb: mb(heap.heapTotal),
      externalMb: mb(heap.external),
      arrayBuffersMb: mb(heap.arrayBuffers),
    };
    rows.push(row);
    console.log(
      `${s.name.padEnd(31)} rss ${String(row.rssMb).padStart(3)} MB  heap used ${String(row.heapUsedMb).padStart(3)} MB of ${String(row.heapTotalMb).padStart(3)}  external ${String(row.externalMb).padStart(3)} MB (buffers ${row.arrayBuffersMb})  ${figures.requests} requests, ${figures.errors} errors, ${figures.kbPerResponse} KB each`,
    );
    if (figures.errors) exitCode = 1;
  }
  const peak = Math.round(memory.stop().serverMb);
  const result = {
    scale: Number(args.scale),
    connections: Number(args.connections),
    seconds: Number(args.seconds),
    loadAverage: { before: Math.round(loadBefore * 100) / 100, after: os.loadavg()[0] },
    node: process.version,
    date: new Date().toISOString(),
    idleRssMb: Math.round(idle.rss),
    peakRssMb: peak,
    rows,
  };
  console.log(
    `\nServer peak RSS (VmHWM): ${peak} MB (target < ${TARGET_MB} MB); load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
  );
  if (args.json) writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  if (peak >= TARGET_MB) exitCode = 1;
} catch (err) {
  console.error(`Memory run failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await store.close();
  await portal.stop();
  rmSync(probeLog, { force: true });
}
process.exit(exitCode);
