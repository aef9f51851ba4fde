// The server process killed under a registration burst: the production build on a fresh
// embedded database (the demo chamber), registrations posted from parallel clients, the
// server killed with SIGKILL several times and started again on the same data, and every
// confirmation counted at an SMTP peer this script runs. Prints, per acknowledged
// registration, how many confirmations were lost (none arrived) or duplicated (more than one
// message, or a copy of one), and the load average around the run.
//
//   node bench/mail-kill.mjs              2,000 registrations, 20 clients, 3 kills
//   --parties N, --clients C, --kills K, --out NAME (bench/results/NAME.json, default mail-kill)
//
// Targets: 0 confirmations lost; copies only of the mails a killed process was sending (at
// most the outbox's concurrency, 2, per kill). The run exits non-zero when one is missed.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, restartServer, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { saveAndJudge } from './lib/report.mjs';
import { startSmtpPeer } from './lib/smtp-peer.mjs';

const { values: args } = parseArgs({
  options: {
    parties: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '20' },
    kills: { type: 'string', default: '3' },
    out: { type: 'string', default: 'mail-kill' },
  },
});
const parties = Number(args.parties);
const clients = Number(args.clients);
const kills = Number(args.kills);
/** Mails one process sends at once (the outbox's concurrency): what a kill may repeat. */
const SENT_AT_ONCE = 2;

requireBuilt(['apps/server/dist/server.js', 'packages/db/dist/index.js']);
const db = await import(pathToFileURL(path.join(root, 'packages/db/dist/index.js')).href);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const smtp = await startSmtpPeer();
const loadBefore = os.loadavg();
const port = await freePort();
const extraEnv = {
  SMTP_URL: smtp.url,
  // Each request comes from another address behind the loopback proxy (no throttle answers).
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'error',
  // A mail taken by a killed process goes to the next one 5 s after its last renewal.
  MAIL_LEASE_SECONDS: '5',
};
// A busy machine starts the server slowly: up to 3 minutes, here and after each kill.
const portal = await startPortal({ port, env: extraEnv, readyWithinMs: 180_000 });
const clusterDir = path.join(portal.dataDir, 'postgres');

let eventId;
{
  const handle = db.connect(await db.runningClusterUrl(clusterDir, 'chamber'), { max: 1 });
  const { rows } = await handle.pool.query(
    `insert into events (calendar_id, title, start_time, end_time)
     values ('racc-events', 'Kill drill', now() + interval '30 days', now() + interval '30 days 1 hour')
     returning id`,
  );
  eventId = rows[0].id;
  await handle.close();
}

/** The running server: the first one, then each one started after a kill. */
let server = { pid: portal.pid, exited: portal.exited };

async function restart() {
  server = await restartServer(portal);
}

const acknowledged = [];
let next = 0;
let failedRequests = 0;
async function client() {
  let retry;
  while (retry !== undefined || next < parties) {
    const n = retry ?? next++;
    retry = undefined;
    const email = `party${n}@example.org`;
    try {
      const res = await fetch(`${portal.url}/api/calendars/appointments/${eventId}/registrations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ name: `Party ${n}`, email }),
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status === 201) acknowledged.push(email);
      else if (res.status === 503) await sleep(200);
    } catch (err) {
      // Refused: the server is starting again and never saw it, so the same party tries again.
      // Otherwise the server died under this request: not acknowledged, perhaps stored.
      if (err.cause?.code === 'ECONNREFUSED') retry = n;
      else failedRequests += 1;
      await sleep(200);
    }
  }
}

const startedAt = Date.now();
const load = Promise.all(Array.from({ length: clients }, client));
const rounds = [];
for (let k = 0; k < kills; k += 1) {
  const at = Math.round((parties * (k + 1)) / (kills + 1));
  while (next < at) await sleep(20);
  const killedAt = Date.now();
  process.kill(server.pid, 'SIGKILL');
  await server.exited;
  await restart();
  const round = { kill: k + 1, atParty: at, downSeconds: (Date.now() - killedAt) / 1000 };
  rounds.push(round);
  console.log(
    `kill ${round.kill} at party ${at}: serving again after ${round.downSeconds.toFixed(1)} s`,
  );
}
await load;
const loadSeconds = (Date.now() - startedAt) / 1000;
const loadDuring = os.loadavg();

// Every confirmation waits in the outbox until it is sent: wait for it to empty.
const handle = db.connect(await db.runningClusterUrl(clusterDir, 'chamber'), { max: 1 });
const waitDeadline = Date.now() + 15 * 60_000;
let left;
for (;;) {
  const { rows } = await handle.pool.query(
    `select count(*) filter (where state in ('pending', 'sending'))::int as waiting,
            count(*) filter (where state = 'failed')::int as failed
     from mail_outbox`,
  );
  left = rows[0];
  if (left.waiting === 0 || Date.now() > waitDeadline) break;
  await sleep(500);
}
const mailSeconds = (Date.now() - startedAt) / 1000;
const { rows: stored } = await handle.pool.query(
  'select lower(email) as email from event_registrations where event_id = $1',
  [eventId],
);
await handle.close();
await sleep(500);

const byParty = new Map();
for (const mail of smtp.received) {
  for (const to of mail.to) byParty.set(to, [...(byParty.get(to) ?? []), mail.messageId]);
}
const count = (email) => byParty.get(email)?.length ?? 0;
const lost = acknowledged.filter((email) => count(email) === 0);
const duplicated = acknowledged.filter((email) => count(email) > 1);
const composedTwice = acknowledged.filter((email) => new Set(byParty.get(email)).size > 1);
const storedLost = stored.filter((r) => count(r.email) === 0);

await fetch(`${portal.url}/api/ready`).catch(() => undefined);
if (server.child) {
  server.child.kill('SIGTERM');
  await server.exited;
}
await portal.stop();
await smtp.close();

const figures = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
  loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  loadAverageDuringLoad: loadDuring.map((l) => Number(l.toFixed(2))),
  parties,
  clients,
  kills: rounds.length,
  rounds,
  loadSeconds: Number(loadSeconds.toFixed(1)),
  allMailSentSeconds: Number(mailSeconds.toFixed(1)),
  acknowledged: acknowledged.length,
  storedRegistrations: stored.length,
  requestsWithoutAnswer: failedRequests,
  mailsReceived: smtp.received.length,
  confirmationsLost: lost.length,
  confirmationsDuplicated: duplicated.length,
  composedTwice: composedTwice.length,
  storedButUnmailed: storedLost.length,
  outboxLeft: left,
};
console.log(`
Registrations:            ${parties} from ${clients} clients in ${figures.loadSeconds} s, ${kills} SIGKILLs of the server
  acknowledged (201):     ${figures.acknowledged} (stored: ${figures.storedRegistrations}, requests without answer: ${failedRequests})
Kills:                    ${rounds.map((r) => `at ${r.atParty}, back in ${r.downSeconds.toFixed(1)} s`).join('; ')}
Confirmations received:   ${figures.mailsReceived}, all sent ${figures.allMailSentSeconds} s after the start
  lost (acknowledged, none arrived):   ${figures.confirmationsLost}
  duplicated (more than one arrived):  ${figures.confirmationsDuplicated} (composed twice, two Message-IDs: ${figures.composedTwice})
  stored registrations without mail:   ${figures.storedButUnmailed}
Outbox afterwards:        ${left.waiting} waiting, ${left.failed} failed
Node ${figures.node} on ${figures.cpus}; load average ${figures.loadAverageBefore.join(' ')} before, ${figures.loadAverageDuringLoad.join(' ')} at the end of the load.`);

const missed = [];
if (lost.length) missed.push(`${lost.length} acknowledged registrations got no confirmation`);
if (storedLost.length) missed.push(`${storedLost.length} stored registrations got no confirmation`);
if (composedTwice.length) missed.push(`${composedTwice.length} confirmations were composed twice`);
if (duplicated.length > SENT_AT_ONCE * kills) {
  missed.push(`${duplicated.length} duplicated confirmations (at most ${SENT_AT_ONCE * kills})`);
}
if (left.waiting || left.failed) missed.push('mail left in the outbox');
saveAndJudge(args.out, figures, missed);
