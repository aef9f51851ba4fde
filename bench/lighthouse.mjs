// Lighthouse on the production build: the home page, the calendar, the directory, a member
// page and an event page, on a fresh embedded database with the demo chamber and a small
// generated load of members and events. Mobile settings (Lighthouse's default: a mid-range
// phone on a slow 4G connection, simulated). Prints the four category scores against the
// targets and what each page lost points on; writes bench/results/lighthouse.{json,md}.
//
//   node bench/lighthouse.mjs            (CHROME_PATH defaults to /usr/bin/chromium)
//   node bench/lighthouse.mjs --readme   also puts the table into README.md
//   --port P, --only home,calendar, --keep DIR (keep each page's full JSON report there)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, root, startPortal } from './lib/portal.mjs';
import { markdownTable, updateReadme } from './lib/report.mjs';

const { values: args } = parseArgs({
  options: {
    readme: { type: 'boolean', default: false },
    port: { type: 'string' },
    only: { type: 'string' },
    scale: { type: 'string', default: '0.02' },
    keep: { type: 'string' },
  },
});

/** The issue's targets, scores out of 100. */
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 90 };
const CATEGORIES = Object.keys(TARGETS);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = path.join(root, 'node_modules/.bin/lighthouse');

for (const needed of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, needed))) {
    console.error(`${needed} is missing: run the build first (npx pnpm@10.34.9 run build).`);
    process.exit(1);
  }
}
if (!existsSync(chromePath)) {
  console.error(
    `No Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

/** A page's path for each of the five, found in the seeded data. */
async function pages(url) {
  const get = async (p) => {
    const res = await fetch(`${url}${p}`);
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status}`);
    return res.json();
  };
  const { members } = await get('/api/members?limit=1&sort=tier');
  const today = new Date();
  const day = (d) => d.toISOString().slice(0, 10);
  const { events } = await get(
    `/api/calendars/racc-events/events?startDate=${day(today)}&endDate=${day(new Date(today.getTime() + 60 * 86_400_000))}`,
  );
  if (!members[0] || !events[0]) throw new Error('the seeded portal has no member or no event');
  return [
    { key: 'home', name: 'Home', path: '/' },
    { key: 'calendar', name: 'Calendar', path: '/calendar' },
    { key: 'members', name: 'Member directory', path: '/members' },
    { key: 'member', name: 'Member page', path: `/members/${members[0].id}` },
    { key: 'event', name: 'Event page', path: `/events/${encodeURIComponent(events[0].id)}` },
  ];
}

/** One Lighthouse run; answers the parsed report. */
function lighthouse(url, outDir, key) {
  const output = path.join(outDir, `${key}.json`);
  const run = spawnSync(
    lighthouseBin,
    [
      url,
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status !== 0 || !existsSync(output)) {
    throw new Error(`lighthouse failed on ${url} (exit ${run.status}):\n${run.stderr}`);
  }
  return JSON.parse(readFileSync(output, 'utf8'));
}

const score = (category) =>
  category?.score === null || category?.score === undefined
    ? null
    : Math.round(category.score * 100);

/** What a page lost points on: failed audits of the scored categories, and the metrics. */
function findings(report) {
  const lines = [];
  const metric = (id) => report.audits[id]?.displayValue ?? '?';
  lines.push(
    `metrics: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
      `Speed Index ${metric('speed-index')}`,
  );
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') {
        continue;
      }
      if (id === 'performance' && ref.weight === 0 && !audit.details?.overallSavingsMs) continue;
      const items = (audit.details?.items ?? [])
        .slice(0, 3)
        .map((i) => i.node?.snippet ?? i.url ?? i.source?.url ?? i.description ?? '')
        .filter(Boolean)
        .map((t) => String(t).slice(0, 120));
      lines.push(
        `${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}` +
          (items.length ? ` — ${items.join(' | ')}` : ''),
      );
    }
  }
  return lines;
}

const loadBefore = os.loadavg()[0];
const port = Number(args.port ?? (await freePort()));
const portal = await startPortal({ scale: Number(args.scale), port });
const outDir = args.keep
  ? path.resolve(args.keep)
  : mkdtempSync(path.join(os.tmpdir(), 'chamber-lighthouse-'));
mkdirSync(outDir, { recursive: true });
let exitCode = 0;
try {
  const list = (await pages(portal.url)).filter(
    (p) => !args.only || args.only.split(',').includes(p.key),
  );
  const rows = [];
  for (const page of list) {
    const report = lighthouse(`${portal.url}${page.path}`, outDir, page.key);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(report.categories[c])]));
    const missed = CATEGORIES.filter((c) => scores[c] === null || scores[c] < TARGETS[c]);
    const row = { ...page, scores, missed, findings: findings(report) };
    rows.push(row);
    console.log(
      `${page.name.padEnd(18)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}` +
        (missed.length ? `  (below target: ${missed.join(', ')})` : ''),
    );
    for (const line of row.findings) console.log(`    ${line}`);
  }

  const table = markdownTable(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'met'],
    [
      ...rows.map((r) => [
        r.name,
        ...CATEGORIES.map((c) => r.scores[c] ?? '–'),
        r.missed.length ? 'no' : 'yes',
      ]),
      ['target', ...CATEGORIES.map((c) => `≥ ${TARGETS[c]}`), ''],
    ],
    ['left', 'right', 'right', 'right', 'right', 'left'],
  );
  const run = {
    lighthouse: JSON.parse(readFileSync(path.join(outDir, `${rows[0].key}.json`), 'utf8'))
      .lighthouseVersion,
    chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    loadAverage: Math.round(loadBefore * 10) / 10,
    date: new Date().toISOString().slice(0, 10),
  };
  const markdown = [
    table,
    '',
    `Lighthouse ${run.lighthouse}, mobile settings (simulated slow 4G and a 4× slower CPU), ` +
      `${run.chromium}, the production build served by the portal on loopback, ` +
      `load average ${run.loadAverage} before the run, ${run.date}.`,
    '',
  ].join('\n');
  console.log(`\n${markdown}`);

  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'lighthouse.json'), `${JSON.stringify({ run, rows }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'lighthouse.md'), markdown);
  if (args.readme) updateReadme(path.join(root, 'README.md'), markdown, 'lighthouse');
  const missed = rows.flatMap((r) => r.missed.map((c) => `${r.name}: ${c} ${r.scores[c]}`));
  console.log(missed.length ? `Below target:\n  ${missed.join('\n  ')}` : 'Every target met.');
  if (missed.length) exitCode = 1;
} catch (err) {
  console.error(`Lighthouse run failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await portal.stop();
  if (!args.keep) rmSync(outDir, { recursive: true, force: true });
}
process.exit(exitCode);
