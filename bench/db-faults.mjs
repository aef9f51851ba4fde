// The database killed under write load: the production build on a fresh embedded database
// (the demo chamber), registrations posted from parallel clients, and the embedded
// PostgreSQL killed with SIGKILL several times. Prints what every request got, how long
// each outage lasted, how soon writes came back, and whether every acknowledged write is in
// the database afterwards.
//
//   node bench/db-faults.mjs              5 kills, 8 clients, 4 s of writes between kills
//   --readme                              the same, and the figures go into docs/performance.md
//   --kills N, --clients C, --between S, --out NAME (bench/results/NAME.json, default db-faults)
//
// Targets: 0 server exits, no 500 and no failed request (a request during the outage answers
// 503 with Retry-After), writes again within 5 s of the database's return, 0 acknowledged
// writes lost. The run exits non-zero when one is missed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, requireBuilt, root, startPortal } from './lib/portal.mjs';

const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '5' },
    clients: { type: 'string', default: '8' },
    between: { type: 'string', default: '4' },
    out: { type: 'string', default: 'db-faults' },
    readme: { type: 'boolean', default: false },
  },
});
const kills = Number(args.kills);
const clients = Number(args.clients);
const betweenMs = Number(args.between) * 1000;
const RESUME_TARGET_S = 5;

const dbBuild = path.join(root, 'packages/db/dist/index.js');
requireBuilt(['apps/server/dist/server.js', 'packages/db/dist/index.js']);
const db = await import(pathToFileURL(dbBuild).href);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The postmaster.pid of the portal's cluster: its process and state. */
function postmaster(clusterDir) {
  try {
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), status: (lines[7] ?? '').trim() };
  } catch {
    return undefined;
  }
}

async function until(probe, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(10);
  }
}

const loadBefore = os.loadavg()[0];
const portal = await startPortal({
  port: await freePort(),
  // Each request comes from another address behind the loopback proxy, so that throttling
  // (20 registrations per address an hour) never answers instead of the database.
  // Errors only: every request of an outage would otherwise log a line.
  env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'error' },
});
const clusterDir = path.join(portal.dataDir, 'postgres');
let serverExit;
void portal.exited.then((code) => (serverExit = code ?? 'signal'));

const handle = db.connect(await db.runningClusterUrl(clusterDir, 'chamber'), { max: 1 });
const {
  rows: [event],
} = await handle.pool.query(
  `insert into events (calendar_id, title, start_time, end_time)
   values ('racc-events', 'Fault drill', now() + interval '30 days', now() + interval '30 days 1 hour')
   returning id`,
);

const outcomes = [];
let running = true;
let n = 0;
async function client() {
  while (running) {
    n += 1;
    const i = n;
    const email = `drill${i}@example.org`;
    const outcome = { email, at: 0 };
    try {
      const res = await fetch(
        `${portal.url}/api/calendars/appointments/${event.id}/registrations`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ name: `Drill ${i}`, email }),
          signal: AbortSignal.timeout(30_000),
        },
      );
      outcome.status = res.status;
      outcome.retryAfter = res.headers.get('retry-after');
      await res.arrayBuffer();
    } catch (err) {
      outcome.error = String(err.cause?.code ?? err.message ?? err);
    }
    outcome.at = Date.now();
    outcomes.push(outcome);
    // A 503 names a wait; a polite client waits a little before it tries again.
    if (outcome.status === 503) await sleep(100);
  }
}
const acknowledged = () => outcomes.filter((o) => o.status !== undefined && o.status < 300);

const startedAt = Date.now();
const load = Promise.all(Array.from({ length: clients }, client));
const rounds = [];
let failure;
try {
  for (let k = 0; k < kills; k += 1) {
    await sleep(betweenMs);
    const old = postmaster(clusterDir);
    if (!old) throw new Error('no postmaster.pid');
    const killedAt = Date.now();
    process.kill(old.pid, 'SIGKILL');
    const returnedAt = await until(
      () => {
        const now = postmaster(clusterDir);
        return now && now.pid !== old.pid && now.status === 'ready' ? Date.now() : undefined;
      },
      60_000,
      'the database to come back',
    );
    const resumedAt = await until(
      () => acknowledged().find((o) => o.at >= returnedAt)?.at,
      30_000,
      'a write after the return',
    );
    const round = {
      kill: k + 1,
      downSeconds: (returnedAt - killedAt) / 1000,
      resumeSeconds: (resumedAt - returnedAt) / 1000,
    };
    rounds.push(round);
    console.log(
      `kill ${round.kill}: database back after ${round.downSeconds.toFixed(2)} s, first write ${round.resumeSeconds.toFixed(2)} s after its return`,
    );
  }
  await sleep(1000);
} catch (err) {
  failure = err;
} finally {
  running = false;
  await load;
}
const seconds = (Date.now() - startedAt) / 1000;

const acked = acknowledged();
const { rows } = await handle.pool.query(
  'select email from event_registrations where event_id = $1',
  [event.id],
);
const stored = new Set(rows.map((r) => r.email));
const lost = acked.filter((o) => !stored.has(o.email));
await handle.close();
const exitsDuringRun = serverExit === undefined ? 0 : 1;
await portal.stop();

const count = (filter) => outcomes.filter(filter).length;
const figures = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
  loadAverageBefore: Number(loadBefore.toFixed(2)),
  kills: rounds.length,
  clients,
  seconds: Number(seconds.toFixed(1)),
  serverExits: exitsDuringRun,
  requests: outcomes.length,
  ok: acked.length,
  unavailable503: count((o) => o.status === 503),
  unavailableWithoutRetryAfter: count((o) => o.status === 503 && !/^\d+$/.test(o.retryAfter ?? '')),
  errors500: count((o) => o.status === 500),
  otherStatuses: count(
    (o) => o.status !== undefined && o.status >= 300 && ![500, 503].includes(o.status),
  ),
  failedRequests: count((o) => o.error !== undefined),
  rounds,
  maxResumeSeconds: Math.max(0, ...rounds.map((r) => r.resumeSeconds)),
  acknowledgedWrites: acked.length,
  acknowledgedFound: acked.length - lost.length,
  rowsFound: stored.size,
};

const summary = `Server exits:                       ${figures.serverExits}
Requests:                           ${figures.requests} in ${figures.seconds} s from ${clients} clients
  2xx (acknowledged writes):        ${figures.ok}
  503 database_unavailable:         ${figures.unavailable503} (without Retry-After: ${figures.unavailableWithoutRetryAfter})
  500:                              ${figures.errors500}
  other statuses:                   ${figures.otherStatuses}
  failed (no answer):               ${figures.failedRequests}
Kills (SIGKILL of the postmaster):  ${figures.kills}
  database back after (s):          ${rounds.map((r) => r.downSeconds.toFixed(2)).join(', ')}
  first write after return (s):     ${rounds.map((r) => r.resumeSeconds.toFixed(2)).join(', ')}
Acknowledged writes found:          ${figures.acknowledgedFound} of ${figures.acknowledgedWrites} (rows for the event: ${figures.rowsFound}, with writes answered 503 after their commit)
Node ${figures.node} on ${figures.cpus}, load average ${figures.loadAverageBefore} before the run, ${figures.date.slice(0, 10)}.`;
console.log(`\n${summary}`);

const missed = [];
if (failure) missed.push(String(failure.message ?? failure));
if (figures.serverExits) missed.push('the server exited');
if (figures.errors500) missed.push(`${figures.errors500} answers were 500`);
if (figures.failedRequests) missed.push(`${figures.failedRequests} requests got no answer`);
if (figures.otherStatuses) missed.push(`${figures.otherStatuses} answers had another status`);
if (figures.unavailableWithoutRetryAfter) missed.push('503 without Retry-After');
if (figures.maxResumeSeconds >= RESUME_TARGET_S) {
  missed.push(`writes resumed only ${figures.maxResumeSeconds} s after the database's return`);
}
if (lost.length) missed.push(`${lost.length} acknowledged writes are missing`);
if (rounds.length < kills) missed.push(`only ${rounds.length} of ${kills} kills completed`);

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results', `${args.out}.json`),
  `${JSON.stringify({ ...figures, missed }, null, 2)}\n`,
);
if (args.readme) {
  const readme = path.join(root, 'docs/performance.md');
  const text = readFileSync(readme, 'utf8');
  const block = `<!-- db-faults:start -->\n\n\`\`\`\n${summary}\n\`\`\`\n\n<!-- db-faults:end -->`;
  writeFileSync(
    readme,
    text.replace(/<!-- db-faults:start -->[\s\S]*<!-- db-faults:end -->/, block),
  );
}
if (missed.length) {
  console.error(`\nTargets missed:\n  ${missed.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
