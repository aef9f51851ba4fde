// What live sponsors cost the pages that show them (issue 43: within 5% of the throughput
// without any). The production build on a fresh embedded database seeded by `chamber seed
// --scale`, whose demo sponsors are live on the home page, the calendar and the directory.
// Each page is loaded in pairs of short runs, one with the sponsors live and one with every
// sponsorship lapsed (no sponsor shown), right after each other and taking turns at going
// first; each pair gives a ratio, and the loss is one minus the median of a page's ratios.
// The machine's load drifts over minutes: comparing the two halves of a pair, seconds apart,
// keeps that drift out of the ratio, where medians of long runs minutes apart did not (single
// runs of one page differed by up to 20%).
//
//   node bench/sponsors.mjs             scale 1, 7 pairs of 4 s runs per page; writes
//                                       bench/results/sponsors.json and sponsors.md
//   --scale N, --seconds S, --connections C, --repeat N (pairs per page), --smoke (a few
//   seconds, small data)
//
// Requests per second move with what else the machine does: the load average is printed and
// kept with the figures. CPU per request (the server's and its database's) hardly does.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { database } from './lib/dues-seats.mjs';
import { measure } from './lib/load.mjs';
import { freePort, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { markdownTable } from './lib/report.mjs';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    scale: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    repeat: { type: 'string' },
  },
});
const smoke = args.smoke;
const scale = Number(args.scale ?? (smoke ? 0.02 : 1));
const seconds = Number(args.seconds ?? (smoke ? 1 : 4));
// The first second after a switch redraws the kept pages (the data version moved).
const warmupSeconds = 1;
const connections = Number(args.connections);
const repeat = Math.max(1, Math.floor(Number(args.repeat ?? (smoke ? 1 : 7))));
/** The target: live sponsors cost at most 5% of a page's throughput. */
const MAX_LOSS = 0.05;

requireBuilt(['apps/server/dist/server.js', 'apps/web/dist/index.html']);

/** The pages that show sponsors, and the strips' own question each page asks. */
const pages = [
  { key: 'home', name: 'home page, HTML', path: '/' },
  {
    key: 'home-strip',
    name: 'home strip (placements)',
    path: '/api/sponsors/placements?slot=home',
  },
  { key: 'calendar', name: 'calendar page, HTML', path: '/calendar' },
  {
    key: 'calendar-strip',
    name: 'calendar strip (placements)',
    path: '/api/sponsors/placements?slot=calendar',
  },
  { key: 'directory', name: 'directory page, HTML', path: '/members' },
  {
    key: 'directory-strip',
    name: 'directory strip (placements)',
    path: '/api/sponsors/placements?slot=directory',
  },
];

const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const port = await freePort();
const portal = await startPortal({ scale, port });
const store = await database(portal.dataDir);
const loadBefore = loadAverage();
console.log(`load average before: ${loadBefore.join(', ')} (${os.cpus().length} cores)`);

/** The sales live today, lapsed for the runs without sponsors and confirmed again after. */
const { rows: liveRows } = await store.pool.query(
  `select id from sponsorships where status = 'confirmed'
     and starts_on <= current_date and ends_on >= current_date`,
);
const liveIds = liveRows.map((r) => r.id);
if (liveIds.length === 0) throw new Error('the seed has no live sponsor to compare against');
console.log(`${liveIds.length} live sponsorships`);

async function setSponsors(on) {
  await store.pool.query(`update sponsorships set status = $1 where id = any($2::uuid[])`, [
    on ? 'confirmed' : 'lapsed',
    liveIds,
  ]);
  // The strip must say so before the run: the kept answers follow the data version.
  for (let tries = 0; ; tries += 1) {
    const strip = await fetch(`${portal.url}/api/sponsors/placements?slot=home`).then((r) =>
      r.json(),
    );
    if (strip.sponsors.length > 0 === on) return;
    if (tries === 50) throw new Error(`sponsors ${on ? 'on' : 'off'}: the strip did not follow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const runs = Object.fromEntries(pages.map((p) => [p.key, []]));
try {
  for (const page of pages) {
    for (let pair = 0; pair < repeat; pair += 1) {
      // Each half goes first in turn, so a drift within a pair falls on both sides alike.
      const order = pair % 2 === 0 ? ['live', 'none'] : ['none', 'live'];
      const halves = {};
      for (const state of order) {
        await setSponsors(state === 'live');
        const figures = await measure({
          url: portal.url,
          requests: [{ path: page.path }],
          connections,
          seconds,
          warmupSeconds,
          pid: portal.pid,
        });
        if (figures.errors > 0) throw new Error(`${page.name}: ${figures.errors} errors`);
        halves[state] = figures;
      }
      runs[page.key].push(halves);
      console.log(
        `${page.name}, pair ${pair + 1}: live ${halves.live.rps} req/s, none ${halves.none.rps} req/s (${(
          (100 * halves.live.rps) /
          halves.none.rps
        ).toFixed(1)}%)`,
      );
    }
  }
} finally {
  await setSponsors(true).catch(() => {});
}
const loadAfter = loadAverage();
console.log(`load average after: ${loadAfter.join(', ')}`);

const rows = pages.map((page) => {
  const pairs = runs[page.key];
  const side = (state, pick) => median(pairs.map((p) => pick(p[state])));
  const cpu = (f) => (f.serverCpuUs ?? 0) + (f.databaseCpuUs ?? 0);
  const ratios = pairs.map((p) => p.live.rps / p.none.rps);
  const loss = 1 - median(ratios);
  return {
    key: page.key,
    name: page.name,
    rpsLive: side('live', (f) => f.rps),
    rpsNone: side('none', (f) => f.rps),
    loss: Math.round(loss * 1000) / 10,
    /** The spread of the pairs' losses, lowest and highest, in %. */
    lossRange: [
      Math.round((1 - Math.max(...ratios)) * 1000) / 10,
      Math.round((1 - Math.min(...ratios)) * 1000) / 10,
    ],
    cpuUsLive: side('live', cpu),
    cpuUsNone: side('none', cpu),
    p99MsLive: side('live', (f) => f.p99Ms),
    p99MsNone: side('none', (f) => f.p99Ms),
    met: loss <= MAX_LOSS,
  };
});

const result = {
  run: {
    date: new Date().toISOString(),
    scale,
    seconds,
    connections,
    repeat,
    liveSponsorships: liveIds.length,
    cores: os.cpus().length,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAfter,
  },
  rows,
};
const table = markdownTable(
  [
    'Page',
    'Req/s, sponsors live',
    'Req/s, none',
    'Loss (median of pairs)',
    'Pairs’ losses',
    'CPU µs/req live',
    'CPU µs/req none',
    'p99 ms live / none',
    'Within 5%',
  ],
  rows.map((r) => [
    r.name,
    String(r.rpsLive),
    String(r.rpsNone),
    `${r.loss}%`,
    `${r.lossRange[0]}% to ${r.lossRange[1]}%`,
    String(r.cpuUsLive),
    String(r.cpuUsNone),
    `${r.p99MsLive} / ${r.p99MsNone}`,
    r.met ? 'yes' : 'no',
  ]),
  ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
);
const markdown = `${repeat} pairs of runs per page (one with the sponsors live, one without, right after each other), ${seconds} s each after ${warmupSeconds} s of warm-up; the loss is one minus the median of the pairs' ratios, the other columns medians of each side; ${connections} connections, scale ${scale}, ${liveIds.length} live sponsorships; load average ${loadBefore.join(', ')} before and ${loadAfter.join(', ')} after, on ${os.cpus().length} cores.\n\n${table}\n`;
console.log(`\n${markdown}`);
if (!smoke) {
  const out = path.join(root, 'bench', 'results');
  writeFileSync(path.join(out, 'sponsors.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(out, 'sponsors.md'), markdown);
}
await store.pool.end?.();
await portal.stop();
