// The API benchmark: the production build on a fresh embedded database filled by
// `chamber seed --scale`, loaded over loopback by autocannon from this process.
//
//   node bench/run.mjs            full run (scale 1, 10 s per endpoint), checks the targets,
//                                 writes bench/results/latest.json and latest.md
//   node bench/run.mjs --readme   the same, and puts the table into docs/performance.md
//   node bench/run.mjs --smoke    a few seconds on small data, no targets (CI)
//   --scale N, --seconds S, --connections C, --only directory,search, --out NAME,
//   --repeat N (every measured endpoint N times in one sitting, the ceiling first each time;
//   the table gives the medians), --port P (default: any free port), --app DIR (run the build of another checkout, e.g. an
//   earlier commit, with this harness), --profile DIR (the server writes a CPU profile there),
//   --node-flags "…" (more flags for the server's node, after its own, e.g. to try a V8 setting),
//   --data-dir DIR (seeded on the first run, kept and used again by the next: several runs of
//   the read endpoints on the same data without seeding each time; writes accumulate in it)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBare } from './lib/bare.mjs';
import { measure } from './lib/load.mjs';
import { memorySampler } from './lib/memory.mjs';
import { SERVER_ALLOCATOR_ENV, freePort, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { evaluate, toMarkdown, updateReadme } from './lib/report.mjs';
import { ADMIN, scenarios, signIn } from './lib/scenarios.mjs';
import {
  database,
  dataVersion,
  duesCounts,
  duesMailSent,
  runDuesJobOnce,
  seatEvents,
  seatsTaken,
  ticketsTaken,
  startMailSink,
} from './lib/dues-seats.mjs';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    readme: { type: 'boolean', default: false },
    scale: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    out: { type: 'string', default: 'latest' },
    port: { type: 'string' },
    app: { type: 'string' },
    profile: { type: 'string' },
    'node-flags': { type: 'string' },
    repeat: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    'glibc-defaults': { type: 'boolean', default: false },
  },
});

const smoke = args.smoke;
const scale = Number(args.scale ?? (smoke ? 0.02 : 1));
const seconds = Number(args.seconds ?? (smoke ? 1 : 10));
const warmupSeconds = smoke ? 0 : 3;
const connections = Number(args.connections);
const repeat = Math.max(1, Math.floor(Number(args.repeat)));
const wanted = (key) => !args.only || args.only.split(',').includes(key);
/** Seats of the event registered for under load: far fewer than the requests, so it sells out. */
const CAPACITY = 200;
/** The membership-dues run's targets (docs/performance.md). */
const DUES_TARGET = { seconds: 60, serverMb: 300 };

const app = path.resolve(args.app ?? root);
requireBuilt(['apps/server/dist/server.js', 'apps/web/dist/index.html'], app);

/**
 * Waits until the server has worked off the previous run (requests still queued when the
 * load stopped): three health checks in a row answered within 20 ms, for at most two minutes
 * (ten seconds in the smoke).
 */
async function settle(url) {
  // The smoke only checks that everything answers: a busy CI machine must not stall it.
  const deadline = Date.now() + (smoke ? 10_000 : 120_000);
  for (let fast = 0; fast < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
    fast = performance.now() - started < 20 ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function printRow(name, figures, serverMb) {
  const cpu = figures.serverCpuUs === null ? '' : `  cpu ${figures.serverCpuUs} µs/req`;
  const db = figures.databaseCpuUs ? ` (+${figures.databaseCpuUs} µs database)` : '';
  const rss = serverMb === undefined ? '' : `  rss ${Math.round(serverMb)} MB`;
  console.log(
    `${name.padEnd(30)} ${String(figures.rps).padStart(7)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  errors ${figures.errors}${cpu}${db}${rss}`,
  );
}

/** A cache's hit rate during a load, as a percentage with one decimal. */
function hitRate({ hits, misses }) {
  return hits + misses ? `${Math.round((hits / (hits + misses)) * 1000) / 10}%` : '–';
}

/** The median of a list of numbers (the lower middle one of an even count); null stays null. */
function median(values) {
  const known = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
}

/**
 * Several rounds in one sitting folded into one row per endpoint: each figure is its median
 * over the rounds, and the share of bare Fastify and of health is the median of each round's
 * own share, so a round the machine slowed down throughout still counts fairly.
 */
function medianRows(rounds) {
  return rounds[0].rows.map((first) => {
    const same = rounds.map((r) => r.rows.find((row) => row.key === first.key));
    const within = (key) =>
      rounds.map((r) => {
        const row = r.rows.find((x) => x.key === first.key);
        const of = r.rows.find((x) => x.key === key)?.rps;
        return of ? row.rps / of : null;
      });
    const row = { ...first };
    for (const field of [
      'requests',
      'rps',
      'p50Ms',
      'p99Ms',
      'maxMs',
      'kbPerResponse',
      'serverCpuUs',
      'databaseCpuUs',
      'serverMb',
    ]) {
      row[field] = median(same.map((r) => r[field]));
    }
    row.errors = same.reduce((sum, r) => sum + r.errors, 0);
    row.roundShares = {
      bare: within('bare'),
      baseline: within('baseline'),
      of: first.target?.of ? within(first.target.of) : null,
    };
    return row;
  });
}

const loadBefore = os.loadavg()[0];
// The portal's mail goes to a real SMTP peer; registrations come from addresses behind the
// loopback proxy (each request another client, so throttling stays out of the way).
const mailSink = await startMailSink();
const portal = await startPortal({
  scale,
  app,
  dataDir: args['data-dir'],
  port: Number(args.port ?? (await freePort())),
  nodeArgs: [
    ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []),
    ...(args['node-flags']?.split(/\s+/).filter(Boolean) ?? []),
  ],
  env: {
    SMTP_URL: mailSink.url,
    TRUST_PROXY: '127.0.0.1',
    // As deployed: the container image sets it, so glibc hands blocks of 32 kB and more back
    // to the system when freed (docs/operator/operations.md, Memory). --glibc-defaults runs
    // without it, as `pnpm start` on a bare machine does.
    ...(args['glibc-defaults'] ? {} : SERVER_ALLOCATOR_ENV),
  },
});
const store = await database(portal.dataDir);
// The seed's writes go to disk now, not in the middle of the first endpoint's measured seconds.
await store.pool.query('checkpoint');
let exitCode = 0;
try {
  const memory = memorySampler(portal.pid);
  const duesMissed = [];
  let dues = null;
  if (wanted('reminders')) {
    // First, on a quiet server: one run of the hourly job over every membership.
    await settle(portal.url);
    const before = await duesCounts(store.pool);
    memory.mark();
    const loadAverage = os.loadavg()[0];
    const run = await runDuesJobOnce(store.url);
    const peak = memory.mark();
    const after = await duesCounts(store.pool);
    // The run queues its mails; the outbox sends them after it.
    const mailed = await duesMailSent(store.pool);
    dues = {
      memberships: before.memberships,
      seconds: Math.round(run.seconds * 10) / 10,
      report: run.report,
      noticesQueued: after.notices - before.notices,
      mailsReceived: mailSink.received(),
      serverMb: Math.round(peak.serverMb),
      loadAverage: Math.round(loadAverage * 10) / 10,
    };
    console.log(
      `membership-dues run: ${dues.seconds} s over ${dues.memberships} memberships, ${JSON.stringify(run.report)}, ${dues.mailsReceived} mails received, rss ${dues.serverMb} MB`,
    );
    if (dues.mailsReceived < mailed.sent) {
      throw new Error(`the mail peer got ${dues.mailsReceived} of ${mailed.sent} mails`);
    }
    if (!smoke && dues.seconds >= DUES_TARGET.seconds) {
      duesMissed.push(`membership-dues run: ${dues.seconds} s (target < ${DUES_TARGET.seconds} s)`);
    }
    if (!smoke && dues.serverMb >= DUES_TARGET.serverMb) {
      duesMissed.push(
        `membership-dues run: server ${dues.serverMb} MB (target < ${DUES_TARGET.serverMb} MB)`,
      );
    }
  }

  const seats = await seatEvents(store.pool, CAPACITY, { orders: wanted('orders') });
  const list = (await scenarios(portal.url, seats))
    .filter((s) => s.key === 'baseline' || wanted(s.key))
    // The smoke's figures (small data, one cold second each) mean nothing against the targets.
    .map((s) => (smoke ? { ...s, target: undefined } : s));

  // Every request must work before it is timed: a broken URL is a failure, not a fast 404.
  for (const s of list.filter((scenario) => !scenario.write)) {
    for (const r of s.requests) {
      const res = await fetch(`${portal.url}${r.path}`, { headers: r.headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${s.name}: GET ${r.path} answered ${res.status}`);
    }
  }

  const adminToken = await signIn(portal.url, ADMIN);
  /** The server's kept-answer caches (GET /api/admin/kept-answers), by name. */
  const keptAnswers = async () => {
    const res = await fetch(`${portal.url}/api/admin/kept-answers`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!res.ok) throw new Error(`kept-answers answered ${res.status}`);
    return new Map((await res.json()).caches.map((c) => [c.name, c]));
  };
  /** Each cache a load used: its hits and misses during it, and what it holds at the end. */
  const keptDuring = (before, after) =>
    [...after.values()]
      .map((c) => {
        const was = before.get(c.name) ?? { hits: 0, misses: 0 };
        const hits = c.hits - was.hits;
        const misses = c.misses - was.misses;
        return { name: c.name, hits, misses, entries: c.entries, kb: Math.round(c.bytes / 1024) };
      })
      .filter((c) => c.hits + c.misses > 0);

  /** One pass over the ceiling and every scenario, each loaded right after the other. */
  async function round() {
    const rows = [];
    // The ceiling first: a bare Fastify process loaded with the same settings, then stopped.
    {
      await settle(portal.url);
      const bare = await startBare(await freePort(), app);
      try {
        const figures = await measure({
          url: bare.url,
          requests: [{ path: '/api/health' }],
          connections,
          seconds,
          warmupSeconds,
          pid: bare.pid,
        });
        rows.push({ name: 'bare Fastify (ceiling)', key: 'bare', ...figures, serverMb: null });
        printRow('bare Fastify (ceiling)', figures);
      } finally {
        await bare.stop();
      }
    }
    for (const s of list) {
      await settle(portal.url);
      memory.mark();
      const keptBefore = await keptAnswers();
      const versionBefore = await dataVersion(store.pool);
      const figures = await measure({
        url: portal.url,
        requests: s.requests,
        connections,
        seconds,
        warmupSeconds,
        pid: portal.pid,
      });
      // Kept answers are computed again after each change: how often the data changed under load.
      figures.dataVersionMoves = (await dataVersion(store.pool)) - versionBefore;
      const peak = memory.mark();
      const kept = keptDuring(keptBefore, await keptAnswers());
      rows.push({
        name: s.name,
        key: s.key,
        target: s.target,
        ...figures,
        serverMb: peak.serverMb,
        kept,
      });
      printRow(s.name, figures, peak.serverMb);
      if (figures.dataVersionMoves) {
        console.log(`${''.padEnd(30)} data version moved ${figures.dataVersionMoves} times`);
      }
      for (const c of kept) {
        console.log(
          `${''.padEnd(30)} kept ${c.name}: ${hitRate(c)} hits (${c.hits} of ${c.hits + c.misses}), ${c.entries} held, ${c.kb} KB`,
        );
      }
    }
    return rows;
  }

  const rounds = [];
  for (let i = 0; i < repeat; i++) {
    const loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
    if (repeat > 1) console.log(`round ${i + 1} of ${repeat} (load average ${loadAverage})`);
    rounds.push({ loadAverage, rows: await round() });
  }
  const rows = repeat > 1 ? medianRows(rounds) : rounds[0].rows;
  const peak = memory.stop();
  const checked = evaluate(rows, peak);
  // No overbooking, counted in the database: checked on every run, the smoke's too.
  let seating = null;
  if (wanted('register')) {
    seating = { capacity: CAPACITY, ...(await seatsTaken(store.pool, seats.registerFor)) };
    console.log(
      `registration under load: ${seating.registrations} registrations, ${seating.seated} of ${CAPACITY} seats taken, ${seating.waiting} parties waiting`,
    );
    if (seating.seated > CAPACITY) {
      throw new Error(`overbooked: ${seating.seated} seats taken of ${CAPACITY}`);
    }
  }
  // Nor by ticket type: no type past its quantity, its `sold` what its confirmed orders hold.
  let ordering = null;
  if (wanted('orders')) {
    ordering = { capacity: CAPACITY, ...(await ticketsTaken(store.pool, seats.orderFor)) };
    const types = ordering.types
      .map((t) => `${t.name} ${t.held}${t.quantity === null ? '' : ` of ${t.quantity}`}`)
      .join(', ');
    console.log(
      `orders under load: ${ordering.registrations} orders, ${ordering.seated} of ${CAPACITY} seats taken (${types}), ${ordering.waiting} waiting`,
    );
    if (ordering.seated > CAPACITY) {
      throw new Error(`overbooked by orders: ${ordering.seated} seats taken of ${CAPACITY}`);
    }
    for (const t of ordering.types) {
      if ((t.quantity !== null && t.held > t.quantity) || t.sold !== t.held) {
        throw new Error(`${t.name}: ${t.held} held, ${t.sold} sold, of ${t.quantity ?? 'any'}`);
      }
    }
  }
  const result = {
    run: {
      scale,
      data: `${Math.round(50_000 * scale)} contacts, ${Math.round(500 * scale)} logins, ${Math.round(300 * scale)} series, ${Math.round(5_000 * scale)} single events, ${Math.round(20_000 * scale)} registrations`,
      seedSeconds: Math.round(portal.seedSeconds * 10) / 10,
      connections,
      seconds,
      warmupSeconds,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
      loadAverage: Math.round(loadBefore * 10) / 10,
      rounds: repeat,
      roundLoads: rounds.map((r) => r.loadAverage),
      date: new Date().toISOString().slice(0, 10),
    },
    memory: peak,
    rows: checked.rows,
    dues,
    seating,
    ordering,
  };
  const markdown = toMarkdown(result);
  console.log(`\n${markdown}`);

  if (!smoke) {
    const missed = [
      ...checked.rows.flatMap((r) => r.missed.map((m) => `${r.name}: ${m}`)),
      ...checked.memoryMissed,
      ...duesMissed,
    ];
    const dir = path.join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${args.out}.json`), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(path.join(dir, `${args.out}.md`), markdown);
    if (args.readme) updateReadme(path.join(root, 'docs/performance.md'), markdown);
    console.log(missed.length ? `Targets missed:\n  ${missed.join('\n  ')}` : 'Every target met.');
    if (missed.length) exitCode = 1;
  }
} catch (err) {
  console.error(`Benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await store.close();
  await portal.stop();
  await mailSink.close();
}
process.exit(exitCode);
