// A newsletter to every person of the member businesses of a seeded chamber: the production
// build on a fresh embedded database seeded at `--scale` (1: 50,000 contacts), a campaign
// created and sent by staff through the API, every mail counted at an SMTP peer this script
// runs, and the server killed with SIGKILL halfway and started again on the same data.
// Prints how long queueing the send took, the server's peak resident memory while sending,
// the pace the peer saw against the configured one, and per recipient whether the mail
// arrived, arrived twice, or was interrupted by the kill (failed and shown to staff, not sent
// again: decision 0131).
//
//   node bench/campaign-send.mjs            --scale 1, 6,000 a minute, one kill halfway
//   --scale N, --pace P (CAMPAIGN_PACE_PER_MINUTE), --kills 0|1, --out NAME (bench/results),
//   --role all|primary|billing (whom of each business), --data-dir DIR (keep the seeded data
//   there and reuse it on the next run; the earlier runs' campaigns are removed first)
//
// Targets: queueing under 30 s; the server's RSS under 256 MB; no recipient mailed twice; no
// recipient lost (every one is either received or, at most four per kill (what a process has
// in flight), failed as interrupted); the pace at most the configured one. The run exits non-zero when one is missed.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { memorySampler } from './lib/memory.mjs';
import { freePort, restartServer, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { MEMORY_TARGET_MB, saveAndJudge } from './lib/report.mjs';
import { ADMIN, signIn } from './lib/scenarios.mjs';
import { startSmtpPeer } from './lib/smtp-peer.mjs';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    pace: { type: 'string', default: '6000' },
    kills: { type: 'string', default: '1' },
    out: { type: 'string', default: 'campaign-send' },
    role: { type: 'string', default: 'all' },
    'data-dir': { type: 'string' },
  },
});
const scale = Number(args.scale);
const pace = Number(args.pace);
const kills = Math.min(Number(args.kills), 1);
const QUEUE_TARGET_SECONDS = 30;
/** Campaign mails one process has in flight at once: what a kill may interrupt. */
const SENT_AT_ONCE = 4;

requireBuilt(['apps/server/dist/server.js', 'packages/db/dist/index.js']);
const db = await import(pathToFileURL(path.join(root, 'packages/db/dist/index.js')).href);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const smtp = await startSmtpPeer();
const loadBefore = os.loadavg();
const port = await freePort();
const portal = await startPortal({
  scale,
  port,
  env: { SMTP_URL: smtp.url, CAMPAIGN_PACE_PER_MINUTE: String(pace), LOG_LEVEL: 'error' },
  readyWithinMs: 180_000,
  dataDir: args['data-dir'],
});
const handle = db.connect(
  await db.runningClusterUrl(path.join(portal.dataDir, 'postgres'), 'chamber'),
  { max: 1 },
);
if (args['data-dir']) {
  // Kept data: an earlier run's campaign (perhaps cut short) would be sent first.
  await handle.pool.query('delete from campaign_recipients');
  await handle.pool.query('delete from campaigns');
}
let server = { pid: portal.pid, exited: portal.exited };
const peaks = [];
let sampler = memorySampler(server.pid);

const api = async (token, method, url, body) => {
  const res = await fetch(`${portal.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};

const token = await signIn(portal.url, ADMIN);
const audience = { segments: [{ kind: 'members', role: args.role }] };
const { count: previewed } = await api(
  token,
  'GET',
  `/admin/audiences/preview?topic=newsletter&audience=${encodeURIComponent(JSON.stringify(audience))}`,
);
const campaign = await api(token, 'POST', '/admin/campaigns', {
  subject: 'The Riverton Chamber this week',
  content:
    '<h2>This week</h2><p>Our members meet on Thursday at the library.</p>' +
    '<p><a href="https://example.org/agenda">Read the agenda</a></p>',
  audience,
  topic: 'newsletter',
});
const queueStarted = Date.now();
const sent = await api(token, 'POST', `/admin/campaigns/${campaign.id}/send`, {});
const queueSeconds = (Date.now() - queueStarted) / 1000;
const listed = sent.counts.total;
console.log(`queued ${listed} recipients (previewed ${previewed}) in ${queueSeconds.toFixed(1)} s`);

const states = async () => {
  const { rows } = await handle.pool.query(
    `select state, count(*)::int as n from campaign_recipients where campaign_id = $1 group by state`,
    [campaign.id],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
};

const sendStarted = Date.now();
let killedAt = null;
let downSeconds = null;
let sentAtKill = null;
if (kills > 0) {
  while (((await states()).sent ?? 0) < listed / 2) await sleep(100);
  sentAtKill = (await states()).sent;
  killedAt = Date.now();
  process.kill(server.pid, 'SIGKILL');
  await server.exited;
  peaks.push(sampler.stop().serverMb);
  server = await restartServer(portal);
  downSeconds = (Date.now() - killedAt) / 1000;
  sampler = memorySampler(server.pid);
  console.log(`killed at ${sentAtKill} sent; serving again after ${downSeconds.toFixed(1)} s`);
}
// Done when nothing is queued (a row the killed process was sending stays 'sending' until its
// lease ends, then is failed, never sent again).
const deadline = Date.now() + 60 * 60_000;
let counts;
for (;;) {
  counts = await states();
  if (!counts.queued || Date.now() > deadline) break;
  await sleep(1000);
}
await sleep(2000);
counts = await states();
const sendSeconds = (Date.now() - sendStarted) / 1000;
peaks.push(sampler.stop().serverMb);

const { rows: recipients } = await handle.pool.query(
  `select id, lower(email) as email, state, last_error from campaign_recipients
   where campaign_id = $1`,
  [campaign.id],
);
await handle.close();
server.child?.kill('SIGTERM');
await server.exited;
await portal.stop();
await smtp.close();

// A campaign mail's Message-ID is <recipient id@host>; the portal's other mail (the demo
// chamber's notices, sent meanwhile) is left out of the counts.
const byId = new Map(recipients.map((r) => [r.id, r]));
const campaignMail = smtp.received.filter((m) => byId.has(/^<([^@>]+)@/.exec(m.messageId)?.[1]));
const arrivals = new Map();
const strangers = [];
for (const mail of campaignMail) {
  const recipient = byId.get(/^<([^@>]+)@/.exec(mail.messageId)[1]);
  if (!mail.to.includes(recipient.email)) strangers.push(mail);
  arrivals.set(recipient.id, (arrivals.get(recipient.id) ?? 0) + 1);
}
const duplicated = [...arrivals.values()].filter((n) => n > 1).length;
const interrupted = recipients.filter(
  (r) => r.state === 'sending' || /interrupted/.test(r.last_error ?? ''),
);
const lost = recipients.filter((r) => !arrivals.has(r.id) && !interrupted.includes(r));

/** Mails a minute the peer saw between `from` and `to` (ms), from the arrivals in it. */
const paceBetween = (from, to) => {
  const times = campaignMail.map((m) => m.at).filter((t) => t >= from && t <= to);
  if (times.length < 2) return null;
  return ((times.length - 1) * 60_000) / (times.at(-1) - times[0]);
};
const lastArrival = campaignMail.at(-1)?.at ?? Date.now();
const paceBefore = paceBetween(sendStarted, killedAt ?? lastArrival);
const paceAfter = killedAt ? paceBetween(killedAt, lastArrival) : null;
const peakMb = Math.max(...peaks.filter((p) => p !== null));

const figures = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
  loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  loadAverageAfter: os.loadavg().map((l) => Number(l.toFixed(2))),
  scale,
  seedSeconds: Number(portal.seedSeconds.toFixed(1)),
  recipients: listed,
  previewed,
  queueSeconds: Number(queueSeconds.toFixed(2)),
  configuredPacePerMinute: pace,
  pacePerMinuteBeforeKill: paceBefore && Math.round(paceBefore),
  pacePerMinuteAfterRestart: paceAfter && Math.round(paceAfter),
  killedAtSent: sentAtKill,
  downSeconds: downSeconds && Number(downSeconds.toFixed(1)),
  sendSeconds: Number(sendSeconds.toFixed(1)),
  serverPeakRssMb: Number(peakMb.toFixed(1)),
  mailsReceived: campaignMail.length,
  otherMailsReceived: smtp.received.length - campaignMail.length,
  recipientStates: counts,
  duplicated,
  interrupted: interrupted.length,
  lost: lost.length,
  strangers: strangers.length,
};
console.log(`
Campaign to every person of the member businesses, scale ${scale} (seeded in ${figures.seedSeconds} s)
  recipients:                 ${listed} (the audience preview said ${previewed})
  queueing the send:          ${figures.queueSeconds} s (target < ${QUEUE_TARGET_SECONDS} s)
  server peak RSS:            ${figures.serverPeakRssMb} MB (target < ${MEMORY_TARGET_MB} MB)
  pace (configured ${pace}/min): ${figures.pacePerMinuteBeforeKill}/min${killedAt ? ` before the kill, ${figures.pacePerMinuteAfterRestart}/min after the restart` : ''}
  ${killedAt ? `SIGKILL at ${sentAtKill} sent, serving again after ${figures.downSeconds} s` : 'no kill'}
  all sent in:                ${figures.sendSeconds} s
  campaign mails received:    ${figures.mailsReceived} (and ${figures.otherMailsReceived} other mails of the portal)
  recipients mailed twice:    ${duplicated}
  interrupted by the kill:    ${interrupted.length} (failed, shown to staff, not sent again)
  lost (neither):             ${lost.length}
  a recipient's mail to another address: ${strangers.length}
  states: ${JSON.stringify(counts)}
Node ${figures.node} on ${figures.cpus}; load average ${figures.loadAverageBefore.join(' ')} before, ${figures.loadAverageAfter.join(' ')} after.`);

const missed = [];
if (queueSeconds >= QUEUE_TARGET_SECONDS) missed.push(`queueing took ${queueSeconds} s`);
if (peakMb >= MEMORY_TARGET_MB) missed.push(`the server's RSS reached ${peakMb} MB`);
if (duplicated) missed.push(`${duplicated} recipients were mailed twice`);
if (lost.length) missed.push(`${lost.length} recipients got no mail and were not failed`);
if (interrupted.length > SENT_AT_ONCE * kills) {
  missed.push(`${interrupted.length} interrupted (at most ${SENT_AT_ONCE * kills})`);
}
if (strangers.length)
  missed.push(`${strangers.length} mails went to another address than their recipient's`);
// The pace is a ceiling: 2% over it allows for the timer's grain.
for (const seen of [paceBefore, paceAfter]) {
  if (seen && seen > pace * 1.02) missed.push(`a pace of ${Math.round(seen)}/min over ${pace}`);
}
saveAndJudge(args.out, figures, missed);
