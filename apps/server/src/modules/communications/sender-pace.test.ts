import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Campaign } from '@chamber/contract';
import { createMailingApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { eventWithRegistrants } from '../../test/campaigns.js';
import { bearer } from '../../test/members.js';
import { recipients, type SmtpServer } from '../../test/smtp.js';

// The background sender as a deployment runs it: 120 a minute (one every 500 ms).
const PER_MINUTE = 120;
const INTERVAL_MS = 60_000 / PER_MINUTE;
/** How long the mail server takes to accept each message. */
let acceptMs = 0;

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;
let staff: string;
const started: number[] = [];

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp(
    { CAMPAIGN_PACE_PER_MINUTE: String(PER_MINUTE) },
    {
      holdEach: () => {
        started.push(Date.now());
        return sleep(acceptMs);
      },
    },
  ));
  await createCalendar(ctx.db);
  const admin = await createTestUser(ctx.db, { role: 'moderator', contact: false });
  staff = await signIn(ctx, admin.email);
});
afterAll(async () => close?.());

let n = 0;
/** Sends a campaign to `count` registrants of a new event; answers its id and addresses. */
async function send(count: number) {
  n += 1;
  const emails = Array.from({ length: count }, (_, i) => `reader${i}.${n}@example.org`);
  const eventId = await eventWithRegistrants(ctx.db, emails);
  const api = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(staff), payload });
  const created = await api('/api/admin/campaigns', {
    subject: `Paced ${n}`,
    content: '<p>Hello</p>',
    audience: { segments: [{ kind: 'registrants', eventId }] },
    topic: 'newsletter',
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Campaign>();
  started.length = 0;
  const from = smtp.received.length;
  expect((await api(`/api/admin/campaigns/${id}/send`, {})).statusCode).toBe(200);
  await smtp.waitFor(from + count, 20_000);
  const got = smtp.received.slice(from).flatMap(recipients).sort();
  // Each recipient once.
  expect(got).toEqual([...emails].sort());
  return id;
}

/** The campaign once it ended as sent. */
async function finished(id: string): Promise<Campaign> {
  for (let i = 0; i < 50; i += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}`,
      headers: bearer(staff),
    });
    const campaign = res.json<Campaign>();
    if (campaign.state === 'sent') return campaign;
    await sleep(200);
  }
  throw new Error('the campaign did not end as sent');
}

it('never sends faster than the pace, even to a mail server that answers at once', async () => {
  acceptMs = 0;
  const id = await send(7);
  // From the second mail on (the first opens the connection), 6 sends span 5 intervals at
  // least, less some grain for each mail's own way to the server.
  expect(started.at(-1)! - started[1]!).toBeGreaterThanOrEqual(5 * INTERVAL_MS * 0.8);
  expect((await finished(id)).counts).toMatchObject({ sent: 7, queued: 0, sending: 0 });
});

it('keeps several sends in flight while a slow mail server answers, four at most', async () => {
  acceptMs = 1_600;
  const id = await send(8);
  // One at a time, 8 would take 13 s; the pace left room for three or four at once.
  expect(smtp.seen.mostAtOnce).toBeGreaterThan(1);
  expect(smtp.seen.mostAtOnce).toBeLessThanOrEqual(4);
  expect((await finished(id)).counts).toMatchObject({ sent: 8, queued: 0, sending: 0 });
});
