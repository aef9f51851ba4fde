// What grows with the data: two runs of bench/run.mjs side by side (by default scale 1 and
// scale 4), each figure of the second as a ratio of the first's.
//
//   node bench/compare.mjs                       bench/results/scale-1.json against scale-4.json
//   node bench/compare.mjs --base A --with B     bench/results/A.json against B.json
//   --readme                                     also puts the table into docs/performance.md
//
// A page of 20 answered through an index should cost about log(n) to find: the bound printed is
// log(contacts of the second run) / log(contacts of the first), and a CPU-per-request ratio
// above it (with 15% for the noise of two runs minutes apart) is flagged as growing faster than
// the data's logarithm. Throughput and latency ratios are printed too, but they move with what
// else the machine was doing; CPU per request hardly does.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable, updateReadme } from './lib/report.mjs';
import { root } from './lib/portal.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'scale-1' },
    with: { type: 'string', default: 'scale-4' },
    readme: { type: 'boolean', default: false },
  },
});

const load = (name) =>
  JSON.parse(readFileSync(path.join(root, 'bench', 'results', `${name}.json`), 'utf8'));
const base = load(args.base);
const other = load(args.with);

/** The contacts a run was seeded with, from its data line ('50000 contacts, …'). */
const contacts = (run) => Number(/(\d+) contacts/.exec(run.data)?.[1] ?? NaN);
const n1 = contacts(base.run);
const n2 = contacts(other.run);
const logBound = Math.log(n2) / Math.log(n1);
const NOISE = 1.15;

const ratio = (a, b) => (a > 0 && b !== null && b !== undefined ? b / a : null);
const times = (r) => (r === null ? '–' : `×${r.toFixed(2)}`);
const cpu = (row) => (row.serverCpuUs ?? 0) + (row.databaseCpuUs ?? 0);
const num = (v) => v.toLocaleString('en-US');

const rows = [];
const flagged = [];
for (const row of base.rows) {
  const next = other.rows.find((r) => r.key === row.key);
  if (!next) continue;
  const cpuRatio = ratio(cpu(row), cpu(next));
  const grows = row.key !== 'bare' && cpuRatio !== null && cpuRatio > logBound * NOISE;
  if (grows) flagged.push(row.name);
  rows.push([
    row.name,
    `${num(row.rps)} → ${num(next.rps)}`,
    times(ratio(row.rps, next.rps)),
    `${row.p99Ms} → ${next.p99Ms}`,
    times(ratio(row.p99Ms, next.p99Ms)),
    `${num(cpu(row))} → ${num(cpu(next))}`,
    times(cpuRatio),
    row.key === 'bare' ? '–' : grows ? 'yes' : 'no',
  ]);
}

const table = markdownTable(
  [
    'endpoint',
    'req/s',
    'req/s ratio',
    'p99 ms',
    'p99 ratio',
    'CPU µs/req (server + db)',
    'CPU ratio',
    'faster than log',
  ],
  rows,
  ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
);

const lines = [
  table,
  '',
  `Scale ${base.run.scale} (${base.run.data}; seeded in ${base.run.seedSeconds} s, load average ` +
    `${base.run.loadAverage}) against scale ${other.run.scale} (${other.run.data}; seeded in ` +
    `${other.run.seedSeconds} s, load average ${other.run.loadAverage}), ${other.run.date}, ` +
    `${other.run.connections} connections, ${other.run.seconds} s per endpoint. ` +
    `The data's logarithm grows ×${logBound.toFixed(2)} (log ${num(n2)} / log ${num(n1)}); a CPU ` +
    `ratio above ×${(logBound * NOISE).toFixed(2)} (that, with 15% for noise) is flagged.`,
  '',
  `Server peak memory: ${Math.round(base.memory.serverMb)} MB → ${Math.round(other.memory.serverMb)} MB ` +
    `(${times(ratio(base.memory.serverMb, other.memory.serverMb))}); embedded PostgreSQL: ` +
    `${Math.round(base.memory.databaseMb)} MB → ${Math.round(other.memory.databaseMb)} MB.`,
  ...(base.dues && other.dues
    ? [
        '',
        `Membership dues job: ${num(base.dues.memberships)} memberships in ${base.dues.seconds} s → ` +
          `${num(other.dues.memberships)} in ${other.dues.seconds} s ` +
          `(${times(ratio(base.dues.seconds, other.dues.seconds))} for ` +
          `${times(ratio(base.dues.memberships, other.dues.memberships))} the memberships); ` +
          `server peak ${base.dues.serverMb} MB → ${other.dues.serverMb} MB.`,
      ]
    : []),
  '',
  flagged.length
    ? `Growing faster than the data's logarithm: ${flagged.join(', ')}.`
    : "Nothing grows faster than the data's logarithm.",
  '',
];
const markdown = lines.join('\n');
process.stdout.write(markdown);
writeFileSync(path.join(root, 'bench', 'results', `${args.base}-vs-${args.with}.md`), markdown);
if (args.readme) updateReadme(path.join(root, 'docs/performance.md'), markdown, 'bench-growth');
