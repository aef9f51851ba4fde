import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignAudienceInput as CampaignAudience } from '@chamber/contract';
import {
  businessPeople,
  campaignRecipients,
  campaigns,
  mailSuppressions,
  memberships,
  newsletterSubscribers,
} from '@chamber/db';
import { createContact, createEvent } from '@chamber/db/factories';
import type { TestContext } from '../../test/app.js';
import { campaignTestApp, eventWithRegistrants } from '../../test/campaigns.js';
import type { SmtpServer } from '../../test/smtp.js';
import { fillBlocks, renderCampaign, sanitizeContent } from './content.js';
import { returnPathOf } from './sender.js';
import { UnsubscribeTokens } from './tokens.js';

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;
let staffEmail: string;
let memberToken: string;
let api: Awaited<ReturnType<typeof campaignTestApp>>['api'];

beforeAll(async () => {
  ({ ctx, smtp, close, staffEmail, memberToken, api } = await campaignTestApp());
});
afterAll(async () => close?.());

/** A fresh event with confirmed registrants at `emails`. */
const eventWith = (emails: string[]) => eventWithRegistrants(ctx.db, emails);

const registrants = (eventId: string): CampaignAudience => ({
  segments: [{ kind: 'registrants', eventId }],
});

async function draft(audience: CampaignAudience, subject = 'Spring news'): Promise<Campaign> {
  const res = await api('POST', '/api/admin/campaigns', {
    subject,
    content:
      '<h2>Hello</h2><p>Read <a class="button" href="https://example.org/news">this</a>.</p><script>alert(1)</script>',
    audience,
    topic: 'newsletter',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

const get = async (id: string) => (await api('GET', `/api/admin/campaigns/${id}`)).json<Campaign>();

/**
 * Sends every due recipient here, then waits for a mail the background sender is sending
 * (not for the row the simulated killed process left).
 */
async function drain() {
  await ctx.app.campaignSender.drain();
  for (let i = 0; i < 50; i += 1) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from campaign_recipients
        where state = 'sending' and locked_by <> 'killed-process'`,
    );
    if (Number(rows[0]!.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await ctx.app.campaignSender.housekeeping();
}

/** The campaign's counts once no recipient is being sent (by the background sender). */
async function settled(id: string): Promise<Campaign['counts']> {
  for (let i = 0; i < 50; i += 1) {
    const { counts } = await get(id);
    if (counts.sending === 0) return counts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a recipient stayed in sending');
}

const mailsTo = (email: string) => smtp.sentTo(email);
/** A header as sent (unfolded), not as the parser structures it. */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .replace(/\r?\n[ \t]+/g, ' ')
    .slice(line.indexOf(':') + 1)
    .trim();
};

describe('content', () => {
  it("keeps the editor's markup and drops everything else", () => {
    const html = sanitizeContent(
      '<h2 onclick="x()">Hi</h2><script>alert(1)</script><p style="color:red">A <a class="button big" href="https://x.org">Go</a> <a href="javascript:alert(1)">bad</a></p><div data-block="upcoming-events">junk</div><div data-block="other"></div><img src="https://x.org/a.png" onerror="y()">',
    );
    expect(html).toBe(
      '<h2>Hi</h2><p>A <a class="button" href="https://x.org">Go</a> <a>bad</a></p><div data-block="upcoming-events"></div><p></p><img src="https://x.org/a.png" />',
    );
  });

  it('renders the branded template with the footer, inlined styles and a text part', async () => {
    const mail = await renderCampaign(
      {
        name: 'Riverton Chamber',
        accentColor: '#123456',
        addressLine: '1 Main St, Riverton, WY 82501',
        phone: '',
        email: '',
        publicUrl: 'https://portal.example',
      },
      {
        subject: 'News',
        html: fillBlocks(
          '<p>Hi <a class="button" href="https://x.org">Go</a></p><div data-block="new-members"></div>',
          {
            'new-members': {
              title: 'New members',
              items: [{ title: 'Bakery', detail: '', url: 'https://x.org/b' }],
            },
          },
        ),
      },
      { unsubscribeUrl: 'https://portal.example/u', preferencesUrl: 'https://portal.example/p' },
    );
    expect(mail.html).toContain('1 Main St, Riverton, WY 82501');
    expect(mail.html).toMatch(
      /<a class="button" href="https:\/\/x.org" style="[^"]*background:#123456/,
    );
    expect(mail.html).toContain('href="https://portal.example/u"');
    // The header and footer links in the chamber's colour; no web font requested.
    expect(mail.html).toContain('background-color:#123456');
    expect(mail.html).not.toContain('#0a0b0c');
    expect(mail.html).not.toContain('fonts.googleapis.com');
    expect(mail.html).toContain('<a href="https://x.org/b" style="color:#123456">Bakery</a>');
    expect(mail.html).toContain('<h3 style="color:#111827;margin:0 0 12px">New members</h3>');
    expect(mail.html).toContain('Bakery');
    expect(mail.text).toContain('Go [https://x.org]');
    expect(mail.text).toContain('1 Main St, Riverton, WY 82501');
    expect(mail.text).toContain('Unsubscribe: https://portal.example/u');
  });

  it('builds the VERP return path from the bounce address', () => {
    expect(returnPathOf('bounces@mail.example.org', 'abc')).toBe('bounces+abc@mail.example.org');
    expect(returnPathOf('Chamber <office@example.org>', 'abc')).toBe('office+abc@example.org');
  });
});

describe('audience', () => {
  it('counts the union once per address, less suppressed and unsubscribed ones', async () => {
    const shared = 'shared@audience.example';
    const active = await createContact(ctx.db, { email: 'owner-a@audience.example' });
    await createContact(ctx.db, { email: 'owner-b@audience.example' });
    const lapsed = await createContact(ctx.db, { email: 'owner-c@audience.example' });
    await ctx.db
      .update(memberships)
      .set({ status: 'lapsed' })
      .where(eq(memberships.contactId, lapsed.id));
    await ctx.db.insert(businessPeople).values([
      {
        contactId: active.id,
        role: 'billing',
        firstName: 'Bill',
        email: 'Billing-A@Audience.example ',
      },
      { contactId: active.id, role: 'employee', firstName: 'Sam', email: shared },
    ]);
    await ctx.db
      .insert(newsletterSubscribers)
      .values([
        { email: shared, confirmedAt: ctx.clock.now() },
        { email: 'reader@audience.example', confirmedAt: ctx.clock.now() },
        { email: 'pending@audience.example' },
      ]);
    await ctx.db
      .insert(mailSuppressions)
      .values({ email: 'owner-b@audience.example', reason: 'hard-bounce' });
    const preview = async (audience: CampaignAudience, topic = 'newsletter') => {
      const res = await api(
        'GET',
        `/api/admin/audiences/preview?topic=${topic}&audience=${encodeURIComponent(JSON.stringify(audience))}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; sample: { name: string; email: string }[] }>();
    };
    const plan = await ctx.db
      .select({ planId: memberships.planId })
      .from(memberships)
      .where(eq(memberships.contactId, active.id));
    const ours = { kind: 'members' as const, planIds: [plan[0]!.planId] };
    const only = preview;
    // The subscribers segment: two confirmed ones, the pending one left out.
    expect((await only({ segments: [{ kind: 'subscribers' }] })).count).toBe(2);
    const all = await only({
      segments: [{ ...ours, role: 'all', states: ['active', 'grace'] }, { kind: 'subscribers' }],
    });
    // Ours: owner-a, billing-a, shared (also a subscriber: once), reader; owner-b suppressed;
    // owner-c lapsed; plus the other tests' members of the plan, counted by the same rules.
    const { rows: others } = await ctx.db.execute<{ n: number }>(sql`
      select count(distinct lower(trim(bp.email)))::int as n from business_people bp
      join memberships m on m.contact_id = bp.contact_id
      where m.plan_id = ${plan[0]!.planId} and m.status in ('active', 'grace') and bp.email is not null
        and lower(trim(bp.email)) not like '%@audience.example'`);
    expect(all.count).toBe(4 + Number(others[0]!.n));
    // Lapsed only: owner-c.
    const lapsedOnly = await only({
      segments: [{ kind: 'members', states: ['lapsed'], role: 'all' }],
    });
    expect(lapsedOnly.sample.map((s) => s.email)).toEqual(['owner-c@audience.example']);
    // Billing role: billing-a (lower-cased, trimmed), not the owner.
    const billing = await only({ segments: [{ ...ours, role: 'billing' }] });
    expect(billing.sample.map((s) => s.email)).toContain('billing-a@audience.example');
    expect(billing.sample.map((s) => s.email)).not.toContain('owner-a@audience.example');
    // Unsubscribed from the newsletter: left out of newsletters, not of announcements.
    await ctx.db.execute(
      sql`insert into mail_preferences (email, newsletter_opt_out) values ('reader@audience.example', true)`,
    );
    expect((await only({ segments: [{ kind: 'subscribers' }] })).count).toBe(1);
    expect((await only({ segments: [{ kind: 'subscribers' }] }, 'announcements')).count).toBe(2);
  });

  it('refuses a malformed audience with a 400', async () => {
    const res = await api('GET', '/api/admin/audiences/preview?audience=%7Bnot-json');
    expect(res.statusCode).toBe(400);
    const bad = await api(
      'GET',
      `/api/admin/audiences/preview?audience=${encodeURIComponent('{"segments":[{"kind":"everyone"}]}')}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('sending', () => {
  it('delivers each recipient once, with the bulk headers, and refuses edits after', async () => {
    const emails = ['one@send.example', 'Two@Send.example', 'three@send.example'];
    const eventId = await eventWith(emails);
    // The same people twice: each address is listed once (lower-cased).
    const campaign = await draft({
      segments: [...registrants(eventId).segments, ...registrants(eventId).segments],
    });
    expect(campaign.content).not.toContain('script');
    const sent = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    // Listed at once (the background sender may have taken the first already).
    const listed = sent.json<Campaign>().counts;
    expect(listed.total).toBe(3);
    expect(listed.queued + listed.sending + listed.sent).toBe(3);
    await drain();
    await drain();
    for (const email of ['one@send.example', 'two@send.example', 'three@send.example']) {
      const mails = mailsTo(email);
      expect(mails, email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Spring news');
      expect(header(mail, 'list-unsubscribe')).toMatch(
        /^<mailto:bounces\+[0-9a-f-]{36}@mail\.example\.org\?subject=unsubscribe>, <http:\/\/localhost:3000\/api\/unsubscribe\/u1\.[^>]+>$/,
      );
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      // VERP: the bounce address with the recipient's row id.
      const [recipient] = await ctx.db
        .select({ id: campaignRecipients.id })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.email, email));
      expect(smtp.envelopeFrom(mail)).toBe(`bounces+${recipient!.id}@mail.example.org`);
      expect(mail.text).toContain('Unsubscribe: http://localhost:3000/api/unsubscribe/');
    }
    const after = await get(campaign.id);
    expect(after.state).toBe('sent');
    expect(after.counts).toMatchObject({ sent: 3, queued: 0, total: 3 });
    // The list says how many were sent of how many, per campaign.
    const list = await api('GET', '/api/admin/campaigns');
    const listed2 = list
      .json<{ campaigns: { id: string; recipients: { sent: number; total: number } }[] }>()
      .campaigns.find((c) => c.id === campaign.id);
    expect(listed2?.recipients).toEqual({ sent: 3, total: 3 });
    const edit = await api('PUT', `/api/admin/campaigns/${campaign.id}`, {
      subject: 'Changed',
      content: '<p>x</p>',
      audience: campaign.audience,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toContain('can no longer be edited');
    const again = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    expect(again.statusCode).toBe(409);
  });

  it('fills the blocks once, when the send starts, for every recipient alike', async () => {
    await createContact(ctx.db, {
      email: 'owner@fresh-bakery.example',
      businessName: 'Fresh Bakery',
      tagline: 'Bread at dawn',
      memberSince: '2026-03-01',
    });
    await createContact(ctx.db, { businessName: 'Old Mill', memberSince: '2019-05-01' });
    const eventId = await eventWith(['b1@blocks.example', 'b2@blocks.example']);
    const created = await api('POST', '/api/admin/campaigns', {
      subject: 'This month',
      content:
        '<p>Hi</p><div data-block="upcoming-events"></div><div data-block="new-members"></div>',
      audience: registrants(eventId),
      topic: 'newsletter',
    });
    const campaign = created.json<Campaign>();
    const sent = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    // An event made after the send started is not in any recipient's copy.
    await createEvent(ctx.db, {
      calendarId: 'racc-events',
      startTime: new Date('2026-04-20T18:00:00Z'),
      title: 'Late Gala',
    });
    await drain();
    await drain();
    for (const email of ['b1@blocks.example', 'b2@blocks.example']) {
      const [mail] = mailsTo(email);
      expect(mail, email).toBeDefined();
      const html = String(mail!.html);
      expect(html).toContain('Upcoming events');
      expect(html).toMatch(
        /<a href="http:\/\/localhost:3000\/events\/[^"]+" style="color:#[0-9a-f]{6}">Mixer \d+<\/a> — Wed, Apr 15/,
      );
      expect(html).toContain('Welcome to our new members');
      expect(html).toContain('Fresh Bakery</a> — Bread at dawn');
      expect(html).not.toContain('Old Mill');
      expect(html).not.toContain('Late Gala');
      expect(html).not.toContain('data-block');
      expect(mail!.text).toContain('Fresh Bakery');
    }
    const [row] = await ctx.db
      .select({ sentContent: campaigns.sentContent })
      .from(campaigns)
      .where(eq(campaigns.id, campaign.id));
    expect(row!.sentContent).toContain('Fresh Bakery');
    // A test send fills them from today's data.
    const test = await api('POST', `/api/admin/campaigns/${campaign.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
  });

  it('refuses to send to an audience that reaches nobody', async () => {
    const campaign = await draft(registrants(await eventWith([])));
    const res = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    expect(res.statusCode).toBe(422);
    expect((await get(campaign.id)).state).toBe('draft');
  });

  it('pauses, resumes and sends each recipient once', async () => {
    const emails = ['p1@pause.example', 'p2@pause.example', 'p3@pause.example', 'p4@pause.example'];
    const campaign = await draft(registrants(await eventWith(emails)));
    await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    await ctx.app.campaignSender.sendOne();
    const paused = await api('POST', `/api/admin/campaigns/${campaign.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    const sentBefore = (await get(campaign.id)).counts.sent;
    expect(sentBefore).toBeGreaterThanOrEqual(1);
    await drain();
    expect((await get(campaign.id)).counts.sent).toBe(sentBefore);
    expect((await get(campaign.id)).state).toBe('paused');
    expect((await api('POST', `/api/admin/campaigns/${campaign.id}/pause`)).statusCode).toBe(409);
    const resumed = await api('POST', `/api/admin/campaigns/${campaign.id}/resume`);
    expect(resumed.statusCode).toBe(200);
    await drain();
    for (const email of emails) expect(mailsTo(email), email).toHaveLength(1);
    expect((await get(campaign.id)).counts).toMatchObject({ sent: 4, total: 4 });
  });

  it('cancels the recipients not yet sent to', async () => {
    const emails = ['c1@cancel.example', 'c2@cancel.example', 'c3@cancel.example'];
    const campaign = await draft(registrants(await eventWith(emails)));
    await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
    await api('POST', `/api/admin/campaigns/${campaign.id}/pause`);
    const res = await api('POST', `/api/admin/campaigns/${campaign.id}/cancel`);
    expect(res.statusCode).toBe(200);
    await drain();
    const counts = await settled(campaign.id);
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(counts.cancelled + counts.sent).toBe(3);
    expect(emails.flatMap(mailsTo)).toHaveLength(counts.sent);
  });

  it('sends no second copy after a process died mid-send', async () => {
    const emails = ['k1@crash.example', 'k2@crash.example', 'k3@crash.example'];
    const campaign = await draft(registrants(await eventWith(emails)));
    // The state a killed process leaves: the send started, k2 taken and not marked (it may
    // have reached the mail server), k1 and k3 still queued. Written in one transaction so
    // that this process's sender cannot take k2 first.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ state: 'sending', startedAt: ctx.clock.now() })
        .where(eq(campaigns.id, campaign.id));
      await tx.insert(campaignRecipients).values(
        emails.map((email) => ({
          campaignId: campaign.id,
          email,
          ...(email === 'k2@crash.example'
            ? {
                state: 'sending',
                attempts: 1,
                lockedBy: 'killed-process',
                lockedUntil: new Date(ctx.clock.now().getTime() + 300_000),
              }
            : {}),
        })),
      );
    });
    await drain();
    expect(mailsTo('k1@crash.example')).toHaveLength(1);
    expect(mailsTo('k3@crash.example')).toHaveLength(1);
    // The process comes back after the lease ran out: k2 is failed, not sent again.
    ctx.clock.advance(301_000);
    await drain();
    expect(mailsTo('k2@crash.example')).toHaveLength(0);
    const after = await get(campaign.id);
    expect(after.counts).toMatchObject({ sent: 2, failed: 1, sending: 0 });
    expect(after.state).toBe('sent');
  });

  it('sends a scheduled campaign once when its time passed while down', async () => {
    const emails = ['s1@schedule.example'];
    const campaign = await draft(registrants(await eventWith(emails)));
    const at = new Date(ctx.clock.now().getTime() + 3_600_000).toISOString();
    const res = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, { at });
    expect(res.json<Campaign>().state).toBe('scheduled');
    await drain();
    expect(mailsTo('s1@schedule.example')).toHaveLength(0);
    ctx.clock.advance(2 * 3_600_000);
    await drain();
    await drain();
    expect(mailsTo('s1@schedule.example')).toHaveLength(1);
    expect((await get(campaign.id)).state).toBe('sent');
  });

  it('sends a test to the signed-in staff address only', async () => {
    const campaign = await draft(registrants(await eventWith(['t1@test.example'])));
    const res = await api('POST', `/api/admin/campaigns/${campaign.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sentTo: staffEmail });
    expect(mailsTo(staffEmail).at(-1)?.subject).toBe('[Test] Spring news');
    expect(mailsTo('t1@test.example')).toHaveLength(0);
  });

  it("previews the mail for the staff member's own address, sending nothing", async () => {
    const campaign = await draft(registrants(await eventWith(['p1@preview.example'])));
    const before = mailsTo(staffEmail).length;
    const res = await api('GET', `/api/admin/campaigns/${campaign.id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ subject: string; html: string; text: string }>();
    expect(preview.subject).toBe('Spring news');
    expect(preview.html).toContain('<h2 style=');
    expect(preview.html).toMatch(
      /<a class="button" href="https:\/\/example.org\/news" style="display:inline-block/,
    );
    expect(preview.html).not.toContain('<script');
    expect(preview.text).toContain('Hello');
    expect(preview.text).toMatch(/Unsubscribe: http\S+\/api\/unsubscribe\//);
    // The footer's links are the staff member's own: unsubscribing from a preview is harmless.
    const token = /\/api\/unsubscribe\/(\S+)/.exec(preview.text)![1]!;
    const state = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(state.json()).toMatchObject({ valid: true, email: staffEmail });
    expect(mailsTo(staffEmail)).toHaveLength(before);
    expect(mailsTo('p1@preview.example')).toHaveLength(0);
    const missing = await api(
      'GET',
      '/api/admin/campaigns/00000000-0000-4000-8000-000000000000/preview',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses the preview to a member and a visitor', async () => {
    const campaign = await draft(registrants(await eventWith([])));
    const url = `/api/admin/campaigns/${campaign.id}/preview`;
    expect((await api('GET', url, undefined, memberToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('is staff work: a member and a visitor are refused', async () => {
    expect((await api('GET', '/api/admin/campaigns', undefined, memberToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(
      401,
    );
  });
});

describe("recipients' rights", () => {
  it('honours a one-click unsubscribe at the next send', async () => {
    const emails = ['u1@unsub.example', 'u2@unsub.example'];
    const eventId = await eventWith(emails);
    const first = await draft(registrants(eventId));
    await api('POST', `/api/admin/campaigns/${first.id}/send`, {});
    await drain();
    const link = /<(http:\/\/localhost:3000\/api\/unsubscribe\/[^>]+)>/.exec(
      header(mailsTo('u1@unsub.example')[0]!, 'list-unsubscribe'),
    )![1]!;
    const path = new URL(link).pathname;
    const state = await ctx.app.inject({ method: 'GET', url: path });
    expect(state.json()).toMatchObject({
      valid: true,
      email: 'u1@unsub.example',
      topic: 'newsletter',
    });
    const click = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.json()).toMatchObject({
      valid: true,
      optedOut: { newsletter: true, announcements: false },
    });
    const second = await draft(registrants(eventId), 'Summer news');
    const sent = await api('POST', `/api/admin/campaigns/${second.id}/send`, {});
    expect(sent.json<Campaign>().counts.total).toBe(1);
    await drain();
    expect(mailsTo('u1@unsub.example')).toHaveLength(1);
    expect(mailsTo('u2@unsub.example')).toHaveLength(2);
  });

  it('answers a forged or damaged token with valid: false, never an error', async () => {
    for (const token of [
      'u1.Zm9vQGV4YW1wbGUub3Jn.newsletter.AAAAAAAAAAAAAAAAAAAAAA',
      'nonsense',
      'u1.%%%.x.y',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/unsubscribe/${encodeURIComponent(token)}`,
        });
        expect(res.statusCode, `${method} ${token}`).toBe(200);
        expect(res.json()).toEqual({ valid: false });
      }
    }
    // A real token with its topic changed no longer matches its signature.
    const mail = mailsTo('u2@unsub.example')[0]!;
    const token = /api\/unsubscribe\/([^>]+)>/.exec(header(mail, 'list-unsubscribe'))![1]!;
    const changed = token.replace('.newsletter.', '.announcements.');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${changed}` });
    expect(res.json()).toEqual({ valid: false });
  });

  it('subscribes with double opt-in, answering alike for known addresses', async () => {
    const email = 'new-reader@subscribe.example';
    const before = smtp.received.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.flushMail();
    const confirmation = smtp.sentTo(email, before)[0]!;
    expect(confirmation.subject).toContain('Confirm your subscription');
    const [subscriber] = await ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(subscriber!.confirmedAt).toBeNull();
    const token = /token=([\w-]+)/.exec(confirmation.text ?? '')![1]!;
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirm.json()).toEqual({ confirmed: true });
    const [confirmed] = await ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(confirmed!.confirmedAt).not.toBeNull();
    // Again, for the confirmed address: the same answer, no second mail.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
    });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(res.body);
    await ctx.app.flushMail();
    expect(smtp.sentTo(email, before)).toHaveLength(1);
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(reused.json()).toEqual({ confirmed: false });
  });

  describe('the preference page', () => {
    const tokenFor = (email: string, topic: 'newsletter' | 'announcements' = 'newsletter') =>
      new UnsubscribeTokens(ctx.db).issue({ email, topic });
    const put = (token: string, topics: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/unsubscribe/${encodeURIComponent(token)}/preferences`,
        payload: { topics },
      });
    const prefsOf = async (email: string) =>
      (
        await ctx.db.execute<{ n: boolean; a: boolean; e: boolean }>(
          sql`select newsletter_opt_out as n, announcements_opt_out as a, event_news_opt_out as e
            from mail_preferences where email = ${email}`,
        )
      ).rows[0];

    it("sets the token's address's topics, and a topic chosen again is received again", async () => {
      const emails = ['p1@prefs.example', 'p2@prefs.example'];
      const eventId = await eventWith(emails);
      const token = await tokenFor('p1@prefs.example');
      const left = await put(token, { announcements: false, 'event-news': false });
      expect(left.statusCode, left.body).toBe(200);
      expect(left.json()).toEqual({
        valid: true,
        email: 'p1@prefs.example',
        topic: 'newsletter',
        optedOut: { newsletter: false, announcements: true, 'event-news': true },
      });
      // The one click, then the newsletter chosen again on the page: received again.
      await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(await prefsOf('p1@prefs.example')).toEqual({ n: true, a: true, e: true });
      const back = await put(token, { newsletter: true });
      expect(back.json()).toMatchObject({
        optedOut: { newsletter: false, announcements: true, 'event-news': true },
      });
      const first = await draft(registrants(eventId), 'Back again');
      const sent = await api('POST', `/api/admin/campaigns/${first.id}/send`, {});
      expect(sent.json<Campaign>().counts.total).toBe(2);
      await drain();
      // Leaving the newsletter on the page is honoured for the next send, as the click is.
      await put(token, { newsletter: false });
      const second = await draft(registrants(eventId), 'Gone again');
      const again = await api('POST', `/api/admin/campaigns/${second.id}/send`, {});
      expect(again.json<Campaign>().counts.total).toBe(1);
      await drain();
      expect(mailsTo('p1@prefs.example').map((m) => m.subject)).toEqual(['Back again']);
      expect(mailsTo('p2@prefs.example')).toHaveLength(2);
    });

    it("never shows or changes another address's preferences", async () => {
      await ctx.db.execute(
        sql`insert into mail_preferences (email, announcements_opt_out) values ('other@prefs.example', true)`,
      );
      const mine = await tokenFor('mine@prefs.example');
      const [, , topic, signature] = mine.split('.');
      const theirs = `u1.${Buffer.from('other@prefs.example').toString('base64url')}.${topic}.${signature}`;
      for (const res of [
        await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${theirs}` }),
        await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${theirs}` }),
        await put(theirs, { announcements: true, newsletter: false }),
      ]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ valid: false });
      }
      expect(await prefsOf('other@prefs.example')).toEqual({ n: false, a: true, e: false });
      // The real token shows its own address only.
      const own = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${mine}` });
      expect(own.json()).toMatchObject({ valid: true, email: 'mine@prefs.example' });
    });

    it('answers forged and expired tokens { valid: false } and refuses bad choices 400', async () => {
      // Signed under another key (as a link from before the key was replaced would be).
      const expired = `${(await tokenFor('old@prefs.example')).slice(0, -4)}AAAA`;
      for (const token of [expired, 'nonsense', 'u1.Zm9vQGV4YW1wbGUub3Jn.newsletter.AAAA']) {
        const res = await put(token, { newsletter: false });
        expect(res.statusCode, token).toBe(200);
        expect(res.json()).toEqual({ valid: false });
      }
      expect(await prefsOf('old@prefs.example')).toBeUndefined();
      const token = await tokenFor('bad@prefs.example');
      expect((await put(token, { newsletter: 'no' })).statusCode).toBe(400);
      expect((await put(token, { sms: true })).statusCode).toBe(400);
    });

    it('mails a fresh link to a known address, answering alike for any address', async () => {
      const known = 'reader@prefs.example';
      await ctx.db.insert(newsletterSubscribers).values({ email: known, confirmedAt: new Date() });
      const before = smtp.received.length;
      const ask = (email: string, remoteAddress = '10.9.0.1') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/unsubscribe/request',
          payload: { email },
          remoteAddress,
        });
      const a = await ask('Reader@Prefs.example ');
      const b = await ask('stranger@prefs.example');
      expect(a.statusCode, a.body).toBe(202);
      expect(b.statusCode).toBe(202);
      expect(a.body).toBe(b.body);
      await ctx.app.flushMail();
      expect(smtp.sentTo('stranger@prefs.example', before)).toHaveLength(0);
      const mail = smtp.sentTo(known, before)[0]!;
      expect(mail.subject).toContain('Your mail preferences');
      const link = /http:\/\/localhost:3000\/unsubscribe\/(u1\.[\w.-]+)/.exec(mail.text ?? '')![1]!;
      const state = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${link}` });
      expect(state.json()).toMatchObject({ valid: true, email: known });
      // Three an address per quarter hour, as reset links.
      await ask(known);
      await ask(known);
      const limited = await ask(known, '10.9.0.2');
      expect(limited.statusCode).toBe(429);
      expect((await ask('not-an-address')).statusCode).toBe(400);
    });
  });
});
