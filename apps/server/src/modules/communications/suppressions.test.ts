import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, SuppressionList } from '@chamber/contract';
import { auditLog, campaignRecipients } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import { campaignTestApp, eventWithRegistrants, sendAll } from '../../test/campaigns.js';
import { startDovecot, type Dovecot } from '../../test/dovecot.js';
import type { BounceReport } from './bounces/index.js';

// The bounce mailbox wired to the campaigns: a real Dovecot holds the reports, the portal
// reads it over IMAP, marks the campaign mail bounced and suppresses the address; staff see
// the list and lift an address.

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bounces', 'fixtures');
const BOUNCES = 'bounces@chamber.example';

let dovecot: Dovecot;
let ctx: TestContext;
let close: () => Promise<void>;
let memberToken: string;
let api: Awaited<ReturnType<typeof campaignTestApp>>['api'];

beforeAll(async () => {
  dovecot = await startDovecot();
  const m = dovecot.mailbox;
  ({ ctx, close, memberToken, api } = await campaignTestApp({
    BOUNCE_ADDRESS: BOUNCES,
    BOUNCE_IMAP_URL: `imap://${m.user}:${m.password}@${m.host}:${m.port}/${m.mailbox}`,
    BOUNCE_POLL_SECONDS: '86400',
  }));
  // The reader's first read, at start, is over before the tests read themselves.
  for (let i = 0; i < 100 && !ctx.app.bounceReader!.status().lastSuccessAt; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);
afterAll(async () => {
  await close?.();
  await dovecot?.stop();
});

let n = 0;
/** A campaign to the registrants of a fresh event at `emails`, sent; its recipients' ids. */
async function sendTo(emails: string[]): Promise<Record<string, string>> {
  n += 1;
  const eventId = await eventWithRegistrants(ctx.db, emails);
  const created = await api('POST', '/api/admin/campaigns', {
    subject: `Issue ${n}`,
    content: '<p>Hello</p>',
    audience: { segments: [{ kind: 'registrants', eventId }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Campaign>();
  expect((await api('POST', `/api/admin/campaigns/${id}/send`, {})).statusCode).toBe(200);
  await sendAll(ctx, id);
  const rows = await ctx.db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id));
  expect(rows.map((r) => r.state)).toEqual(rows.map(() => 'sent'));
  return Object.fromEntries(rows.map((r) => [r.email, r.id]));
}

/** The Postfix 5.1.1 report of the fixtures, about `email`'s copy `recipientId`. */
async function hardBounce(email: string, recipientId: string) {
  return (await readFile(path.join(fixtures, 'postfix-5.1.1.eml'), 'utf8'))
    .replaceAll('bounces+r123abc@chamber.example', `bounces+${recipientId}@chamber.example`)
    .replaceAll(/Jane\.Doe@Riverton-Bakery\.example/gi, email);
}

const soft = (email: string, recipientId: string | null): BounceReport => ({
  kind: 'soft',
  recipient: email,
  verpToken: recipientId,
  status: '4.2.2',
  diagnostic: 'mailbox full',
});

const suppressed = async (q?: string) =>
  (
    await api('GET', `/api/admin/suppressions${q ? `?q=${encodeURIComponent(q)}` : ''}`)
  ).json<SuppressionList>().suppressions;

describe('bounces from the mailbox', () => {
  it('a hard bounce marks the mail bounced and suppresses the address for the next send', async () => {
    const [gone, kept] = ['gone.reader@example.org', 'kept.reader@example.org'];
    const ids = await sendTo([gone, kept]);
    await dovecot.deliver(await hardBounce(gone, ids[gone]!));

    expect(await ctx.app.bounceReader!.pollOnce()).toEqual({ reports: 1, ignored: 0, failed: 0 });
    const [row] = await ctx.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, ids[gone]!));
    expect(row).toMatchObject({ state: 'bounced', bounceKind: 'hard' });
    expect(row!.lastError).toContain('5.1.1');
    const list = await suppressed('reader@');
    expect(list).toEqual([
      expect.objectContaining({
        email: gone,
        reason: 'hard-bounce',
        detail: expect.stringContaining('5.1.1'),
      }),
    ]);
    // Read already: a second read finds nothing; the same report again changes nothing.
    expect(await ctx.app.bounceReader!.pollOnce()).toEqual({ reports: 0, ignored: 0, failed: 0 });
    await ctx.app.suppressions.record({
      kind: 'hard',
      recipient: gone,
      verpToken: ids[gone]!,
      status: '5.1.1',
      diagnostic: null,
    });
    expect(await suppressed('reader@')).toHaveLength(1);

    // The next send leaves the address out.
    const next = await sendTo([gone, kept]);
    expect(Object.keys(next)).toEqual([kept]);
  });

  it('three soft bounces in a row suppress; a delivery between them starts the count again', async () => {
    const [full, mixed] = ['full.box@example.org', 'mixed.box@example.org'];
    for (let i = 1; i <= 3; i += 1) {
      const ids = await sendTo([full, mixed]);
      const answer = await ctx.app.suppressions.record(soft(full, ids[full]!));
      expect(answer.suppressed).toBe(i === 3 ? 'soft-bounces' : null);
      // mixed: soft, delivered, soft.
      if (i !== 2) await ctx.app.suppressions.record(soft(mixed, ids[mixed]!));
    }
    const list = await suppressed('.box@');
    expect(list.map((s) => [s.email, s.reason])).toEqual([[full, 'soft-bounces']]);
  });

  it('a complaint suppresses at once, even without the portal’s token', async () => {
    const answer = await ctx.app.suppressions.record({
      kind: 'complaint',
      recipient: 'Angry.Reader@Example.org',
      verpToken: null,
      status: null,
      diagnostic: null,
    });
    expect(answer).toEqual({ email: 'angry.reader@example.org', suppressed: 'complaint' });
    expect(await suppressed('angry')).toEqual([
      expect.objectContaining({ email: 'angry.reader@example.org', reason: 'complaint' }),
    ]);
  });
});

describe('staff and the list', () => {
  it('list, add and lift: members are refused; a lifted address is mailed again', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/api/admin/suppressions' : '/api/admin/suppressions/lift';
      const res = await api(
        method,
        url,
        method === 'POST' ? { email: 'x@example.org' } : undefined,
        memberToken,
      );
      expect(res.statusCode).toBe(403);
    }
    const listed = await api('GET', '/api/admin/suppressions');
    expect(listed.json<SuppressionList>().mailbox).toMatchObject({
      failuresInARow: 0,
      lastError: null,
    });

    const email = 'lifted.reader@example.org';
    const ids = await sendTo([email]);
    await dovecot.deliver(await hardBounce(email, ids[email]!));
    await ctx.app.bounceReader!.pollOnce();
    expect((await suppressed(email)).map((s) => s.reason)).toEqual(['hard-bounce']);

    const lifted = await api('POST', '/api/admin/suppressions/lift', {
      email: 'Lifted.Reader@example.org',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await suppressed(email)).toEqual([]);
    expect((await api('POST', '/api/admin/suppressions/lift', { email })).statusCode).toBe(404);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'suppression.lift'), eq(auditLog.targetId, email)));
    expect(audit).toBeDefined();
    // The old hard bounce no longer counts: one soft bounce after the lift keeps it mailed.
    const again = await sendTo([email]);
    expect(Object.keys(again)).toEqual([email]);
    expect((await ctx.app.suppressions.record(soft(email, again[email]!))).suppressed).toBeNull();

    // Staff's own: once, then 409.
    const manual = await api('POST', '/api/admin/suppressions', {
      email,
      detail: 'Asked by phone',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json()).toMatchObject({ email, reason: 'manual', detail: 'Asked by phone' });
    expect((await api('POST', '/api/admin/suppressions', { email })).statusCode).toBe(409);
  });
});
