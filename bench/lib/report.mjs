// Targets, the Markdown table and the results files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './portal.mjs';

/** Server memory target (MB, the Node process's peak resident memory). */
export const MEMORY_TARGET_MB = 256;

/** Checks one row against its target; answers the misses as sentences. */
function misses(row) {
  const found = [];
  if (row.errors > 0) found.push(`${row.errors} errors`);
  const target = row.target;
  if (target?.ratio !== undefined && row.ratio < target.ratio) {
    found.push(`${pct(row.ratio)} of baseline (target ${pct(target.ratio)})`);
  }
  if (target?.bare !== undefined && row.bareRatio < target.bare) {
    found.push(`${pct(row.bareRatio)} of bare Fastify (target ${pct(target.bare)})`);
  }
  if (target?.of !== undefined && row.ofRatio !== null && row.ofRatio < 1 - target.loss) {
    found.push(
      `${pct(row.ofRatio)} of ${target.of} (target ≥ ${pct(1 - target.loss)}, a loss of at most ${pct(target.loss)})`,
    );
  }
  if (target?.p99Ms !== undefined && row.p99Ms >= target.p99Ms) {
    found.push(`p99 ${row.p99Ms} ms (target < ${target.p99Ms} ms)`);
  }
  return found;
}

const pct = (ratio) => `${Math.round(ratio * 100)}%`;

/**
 * Adds to every row its share of the baseline (the portal's health) and of the ceiling (bare
 * Fastify on the same machine in the same run), and the target check.
 */
export function evaluate(rows, memory) {
  const baseline = rows.find((r) => r.key === 'baseline')?.rps ?? 0;
  const ceiling = rows.find((r) => r.key === 'bare')?.rps ?? 0;
  const share = (rps, of) => (of ? Math.round((rps / of) * 1000) / 1000 : 0);
  // Rounds of one sitting (--repeat) give each share as the median of the rounds' own shares.
  const middle = (shares) => {
    const known = shares.filter((v) => v !== null).sort((a, b) => a - b);
    return known.length ? Math.round(known[Math.floor((known.length - 1) / 2)] * 1000) / 1000 : 0;
  };
  const checked = rows.map((row) => {
    const withRatio = {
      ...row,
      ratio: row.roundShares ? middle(row.roundShares.baseline) : share(row.rps, baseline),
      bareRatio: !ceiling
        ? null
        : row.roundShares
          ? middle(row.roundShares.bare)
          : share(row.rps, ceiling),
    };
    // A row compared with another endpoint (the same page with one feature at work).
    const of = row.target?.of;
    const ofRps = of ? rows.find((r) => r.key === of)?.rps : undefined;
    withRatio.ofRatio = !of
      ? null
      : row.roundShares?.of
        ? middle(row.roundShares.of)
        : ofRps
          ? share(row.rps, ofRps)
          : null;
    return { ...withRatio, missed: misses(withRatio) };
  });
  const memoryMissed =
    memory.serverMb !== null && memory.serverMb >= MEMORY_TARGET_MB
      ? [`server peak ${memory.serverMb.toFixed(1)} MB (target < ${MEMORY_TARGET_MB} MB)`]
      : [];
  return { rows: checked, memoryMissed };
}

const targetText = (t) =>
  !t
    ? '0 errors'
    : [
        t.bare !== undefined ? `≥ ${pct(t.bare)} of bare` : null,
        t.ratio !== undefined ? `≥ ${pct(t.ratio)} of health` : null,
        t.of !== undefined ? `≥ ${pct(1 - t.loss)} of ${t.of}` : null,
        t.p99Ms !== undefined ? `p99 < ${t.p99Ms} ms` : null,
      ]
        .filter(Boolean)
        .join(', ');

/** The server's CPU per request, and its database's when it used any (`120 + 35 db`). */
const cpuText = (r) =>
  r.serverCpuUs === null || r.serverCpuUs === undefined
    ? '–'
    : `${r.serverCpuUs.toLocaleString('en-US')}${r.databaseCpuUs ? ` + ${r.databaseCpuUs.toLocaleString('en-US')} db` : ''}`;

/** A Markdown table with padded columns, as the formatter writes it. */
export function markdownTable(header, rows, align) {
  const cells = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => [...r[i]].length)));
  const pad = (text, i) => {
    const gap = ' '.repeat(widths[i] - [...text].length);
    return align[i] === 'right' ? gap + text : text + gap;
  };
  const line = (r) => `| ${r.map(pad).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (align[i] === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}

/** The results as Markdown: the table, memory, and how the run was made. */
export function toMarkdown(result) {
  const table = markdownTable(
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'vs bare Fastify',
      'vs health',
      'KB/resp',
      'CPU µs/req',
      'target',
      'met',
    ],
    result.rows.map((r) => [
      r.name,
      r.rps.toLocaleString('en-US'),
      r.p50Ms,
      r.p99Ms,
      r.errors,
      r.bareRatio === null ? '–' : pct(r.bareRatio),
      r.key === 'bare' ? '–' : pct(r.ratio),
      r.kbPerResponse,
      cpuText(r),
      targetText(r.target),
      r.missed.length ? 'no' : 'yes',
    ]),
    [
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'left',
      'left',
    ],
  );
  const { memory, run, dues, seating, ordering } = result;
  const kept = result.rows.filter((r) => r.kept?.length);
  return [
    table,
    '',
    ...(kept.length
      ? [
          "Kept answers during each endpoint's load (warm-up included; hits of all requests, " +
            'answers held and their size at the end): ' +
            kept
              .map(
                (r) =>
                  `${r.name}: ${r.kept
                    .map(
                      (c) =>
                        `${c.name} ${Math.round((c.hits / (c.hits + c.misses)) * 1000) / 10}% ` +
                        `(${c.misses.toLocaleString('en-US')} misses, ${c.entries.toLocaleString('en-US')} held, ${c.kb.toLocaleString('en-US')} KB)`,
                    )
                    .join(', ')}`,
              )
              .join('; ') +
            '.',
          '',
        ]
      : []),
    // One decimal: rounded, a peak just under the target read as the target itself.
    `Server peak memory (RSS): ${(memory.serverMb ?? 0).toFixed(1)} MB (target < ${MEMORY_TARGET_MB} MB); ` +
      `embedded PostgreSQL peak (PSS): ${Math.round(memory.databaseMb ?? 0)} MB.`,
    '',
    ...(dues
      ? [
          `Membership dues job, one run over ${dues.memberships.toLocaleString('en-US')} memberships: ` +
            `${dues.seconds} s (target < 60 s), server peak ${dues.serverMb} MB (target < 300 MB), ` +
            `load average ${dues.loadAverage} when it started; ${dues.report?.grace ?? 0} entered grace, ` +
            `${dues.report?.lapsed ?? 0} lapsed, ${dues.report?.reminders ?? 0} renewal reminders and ` +
            `${dues.report?.autoChargeNotices ?? 0} card-charge notices queued, ` +
            `${dues.mailsReceived.toLocaleString('en-US')} mails taken by the SMTP peer.`,
          '',
        ]
      : []),
    ...(seating
      ? [
          `Registration under load: ${seating.registrations.toLocaleString('en-US')} registrations ` +
            `for ${seating.capacity} seats; ${seating.seated} seats taken, ${seating.waiting} parties ` +
            `waiting, counted in the database (${seating.seated > seating.capacity ? 'OVERBOOKED' : 'no overbooking'}).`,
          '',
        ]
      : []),
    ...(ordering
      ? [
          `Orders by ticket type under load: ${ordering.registrations.toLocaleString('en-US')} orders ` +
            `for ${ordering.capacity} seats; ${ordering.seated} seats taken ` +
            `(${ordering.types.map((t) => `${t.name}: ${t.held}${t.quantity === null ? '' : ` of ${t.quantity}`}`).join('; ')}), ` +
            `${ordering.waiting} orders waiting, counted in the database ` +
            `(${ordering.seated > ordering.capacity || ordering.types.some((t) => t.quantity !== null && t.held > t.quantity) ? 'OVERBOOKED' : 'no overbooking'}).`,
          '',
        ]
      : []),
    ...(run.rounds > 1
      ? [
          `Each figure is the median of ${run.rounds} rounds in one sitting (load average at each ` +
            `round's start: ${run.roundLoads.join(', ')}); the shares are the medians of each round's own.`,
          '',
        ]
      : []),
    `Scale ${run.scale} (${run.data}), loaded in ${run.seedSeconds} s. ` +
      `${run.connections} connections, ${run.seconds} s per endpoint after a ${run.warmupSeconds} s warm-up, ` +
      `on ${run.machine} (load average ${run.loadAverage} before the run), ${run.date}. ` +
      'Requests send `Accept-Encoding: gzip, deflate, br` as browsers do; KB/resp is what ' +
      'crossed the wire per response; CPU µs/req is the CPU time the server process (and its ' +
      'embedded database, "db") spent per answered request during the measured seconds.',
    '',
  ].join('\n');
}

/** Replaces the text between a page's `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export function updateReadme(readmePath, markdown, name = 'bench') {
  const text = readFileSync(readmePath, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${readmePath} has no ${start} … ${end} section`);
  writeFileSync(
    readmePath,
    `${text.slice(0, from + start.length)}\n\n${markdown}\n${text.slice(to)}`,
  );
}

/**
 * Writes a run's figures and its missed targets to bench/results/<name>.json, then says
 * whether every target was met; exits non-zero when one was missed.
 */
export function saveAndJudge(name, figures, missed) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ ...figures, missed }, null, 2)}\n`,
  );
  if (missed.length) {
    console.error(`\nTargets missed:\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nEvery target met.');
}
