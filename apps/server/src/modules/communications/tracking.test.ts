import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignAudienceInput as CampaignAudience } from '@chamber/contract';
import { createTestUser, signIn, type TestContext } from '../../test/app.js';
import { campaignTestApp, eventWithRegistrants, sendAll } from '../../test/campaigns.js';
import type { SmtpServer } from '../../test/smtp.js';
import { rewriteLinks, webLinks } from './tracking.js';

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;
let admin: string;
let memberToken: string;
let api: Awaited<ReturnType<typeof campaignTestApp>>['api'];

beforeAll(async () => {
  ({ ctx, smtp, close, memberToken, api } = await campaignTestApp());
  const chamberAdmin = await createTestUser(ctx.db, { role: 'admin', contact: false });
  admin = await signIn(ctx, chamberAdmin.email);
});
afterAll(async () => close?.());

const audienceOf = async (emails: string[]): Promise<CampaignAudience> => ({
  segments: [{ kind: 'registrants', eventId: await eventWithRegistrants(ctx.db, emails) }],
});

const CONTENT =
  '<p>See <a href="https://example.org/spring?a=1&amp;b=2">the programme</a>, ' +
  '<a class="button" href="https://tickets.example.org/">tickets</a>, ' +
  '<a href="https://example.org/spring?a=1&amp;b=2">the programme again</a> and ' +
  '<a href="mailto:office@example.org">write to us</a>.</p>';

/** Sends a campaign to `emails` and answers it (sent) and each address's mail. */
async function sendTo(emails: string[], trackClicks?: boolean) {
  const created = await api('POST', '/api/admin/campaigns', {
    subject: 'Tracked news',
    content: CONTENT,
    audience: await audienceOf(emails),
    ...(trackClicks === undefined ? {} : { trackClicks }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const campaign = created.json<Campaign>();
  const sent = await api('POST', `/api/admin/campaigns/${campaign.id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await sendAll(ctx, campaign.id);
  const mails = new Map<string, ParsedMail>();
  for (const email of emails) {
    const got = smtp.sentTo(email);
    expect(got, email).toHaveLength(1);
    mails.set(email, got[0]!);
  }
  return { campaign, mails };
}

const get = async (id: string) => (await api('GET', `/api/admin/campaigns/${id}`)).json<Campaign>();

/** The redirect paths of a mail's HTML, in order. */
const redirects = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="http:\/\/localhost:3000(\/api\/r\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );

/** A redirect path's token's parts: recipient, link, signature. */
const partsOf = (path: string) =>
  path.split('/').pop()!.split('.').slice(1) as [string, string, string];

/** The report once the clicks (recorded without being waited for) are in. */
async function reportOnce(id: string, total: number) {
  for (let i = 0; i < 50; i += 1) {
    const campaign = await get(id);
    if (campaign.links.reduce((sum, l) => sum + l.clicks, 0) >= total) return campaign;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return get(id);
}

describe('links', () => {
  it('finds web links once each and rewrites only those', () => {
    expect(webLinks(CONTENT)).toEqual([
      'https://example.org/spring?a=1&b=2',
      'https://tickets.example.org/',
    ]);
    const out = rewriteLinks(CONTENT, (url) =>
      url === 'https://tickets.example.org/' ? 'https://portal/r/x&y' : undefined,
    );
    expect(out).toContain('href="https://portal/r/x&amp;y"');
    expect(out).toContain('href="https://example.org/spring?a=1&amp;b=2"');
    expect(out).toContain('href="mailto:office@example.org"');
  });
});

describe('click tracking', () => {
  it('leaves the links alone when the sender did not choose it', async () => {
    const { campaign, mails } = await sendTo(['plain@track.example']);
    const mail = mails.get('plain@track.example')!;
    expect(campaign.trackClicks).toBe(false);
    expect(String(mail.html)).toContain('href="https://tickets.example.org/"');
    expect(redirects(mail)).toHaveLength(0);
    expect(String(mail.html)).not.toContain('/api/o/');
    const report = await get(campaign.id);
    expect(report.links).toEqual([]);
    expect(report.opens).toBeNull();
  });

  it('rewrites web links to signed redirects, records clicks and reports them', async () => {
    const emails = ['ann@track.example', 'bob@track.example'];
    const { campaign, mails } = await sendTo(emails, true);
    expect(campaign.trackClicks).toBe(true);
    const ann = mails.get('ann@track.example')!;
    const html = String(ann.html);
    // Both occurrences of the repeated link, and the button, go through the portal.
    expect(redirects(ann)).toHaveLength(3);
    expect(html).not.toContain('href="https://tickets.example.org/"');
    expect(html).not.toContain('href="https://example.org/spring');
    expect(html).toContain('href="mailto:office@example.org"');
    // The footer's unsubscribe and preference links are untouched.
    expect(html).toMatch(/href="http:\/\/localhost:3000\/api\/unsubscribe\/u1\.[^"]+"/);
    expect(html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\/u1\.[^"]+"/);
    // The text part carries the same redirects.
    expect(String(ann.text)).toContain('http://localhost:3000/api/r/k1.');

    const [programme, tickets] = redirects(ann) as [string, string];
    const first = await ctx.app.inject({ method: 'GET', url: programme });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.org/spring?a=1&b=2');
    await ctx.app.inject({ method: 'GET', url: programme });
    const button = await ctx.app.inject({ method: 'GET', url: tickets });
    expect(button.headers.location).toBe('https://tickets.example.org/');
    const bobProgramme = redirects(mails.get('bob@track.example')!)[0]!;
    expect(bobProgramme).not.toBe(programme);
    await ctx.app.inject({ method: 'GET', url: bobProgramme });

    const report = await reportOnce(campaign.id, 4);
    expect(report.links).toEqual([
      { url: 'https://example.org/spring?a=1&b=2', clicks: 3, uniqueClicks: 2 },
      { url: 'https://tickets.example.org/', clicks: 1, uniqueClicks: 1 },
    ]);
  });

  it('refuses a forged, damaged or mixed-up token with a page, never a redirect', async () => {
    const { campaign, mails } = await sendTo(['carol@track.example'], true);
    const { campaign: other, mails: otherMails } = await sendTo(['dave@track.example'], true);
    const real = redirects(mails.get('carol@track.example')!)[0]!;
    const [recipient, link, signature] = partsOf(real);
    const otherLink = partsOf(redirects(otherMails.get('dave@track.example')!)[0]!)[1];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const token of [
      `k1.${recipient}.${link}.${flipped}`,
      `k1.${recipient}.${link}`,
      // Carol with another campaign's link (no signature of ours names it): refused.
      `k1.${recipient}.${otherLink}.${signature}`,
      'k1.aHR0cHM6Ly9ldmlsLmV4YW1wbGU.x.y',
      'https%3A%2F%2Fevil.example',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/r/${token}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.headers.location, token).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('This link does not work');
    }
    const report = await get(campaign.id);
    expect(report.links.every((l) => l.clicks === 0)).toBe(true);
    expect((await get(other.id)).links.every((l) => l.clicks === 0)).toBe(true);
  });

  it("does not count a signed token whose link is another campaign's", async () => {
    const { campaign, mails } = await sendTo(['erin@track.example'], true);
    const { campaign: other } = await sendTo(['frank@track.example'], true);
    const erin = partsOf(redirects(mails.get('erin@track.example')!)[0]!)[0];
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`select id from campaign_links where campaign_id = ${other.id} order by position limit 1`,
    );
    // Signed by the portal, but naming Erin with a link of Frank's campaign.
    const { TrackingTokens } = await import('./tracking.js');
    const { rows: recipients } = await ctx.db.execute<{ id: string }>(
      sql`select id from campaign_recipients where campaign_id = ${campaign.id}`,
    );
    const token = await new TrackingTokens(ctx.db).click(recipients[0]!.id, rows[0]!.id);
    expect(token.split('.')[1]).toBe(erin);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/r/${token}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect((await get(other.id)).links.every((l) => l.clicks === 0)).toBe(true);
  });

  it('still redirects when the click cannot be recorded', async () => {
    const { campaign, mails } = await sendTo(['gina@track.example'], true);
    const link = redirects(mails.get('gina@track.example')!)[0]!;
    await ctx.db.execute(
      sql`alter table campaign_clicks add constraint no_clicks check (false) not valid`,
    );
    try {
      const res = await ctx.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.org/spring?a=1&b=2');
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await ctx.db.execute(sql`alter table campaign_clicks drop constraint no_clicks`);
    }
    expect((await get(campaign.id)).links[0]!.clicks).toBe(0);
  });

  it('keeps the choice with the campaign: it changes on a draft, not after the send', async () => {
    const { campaign } = await sendTo(['hugo@track.example'], true);
    const edit = await api('PUT', `/api/admin/campaigns/${campaign.id}`, {
      subject: campaign.subject,
      content: campaign.content,
      audience: campaign.audience,
      trackClicks: false,
    });
    expect(edit.statusCode).toBe(409);
    const draft = await api('POST', '/api/admin/campaigns', {
      subject: 'Draft',
      content: '<p>x</p>',
      audience: campaign.audience,
    });
    const created = draft.json<Campaign>();
    expect(created.trackClicks).toBe(false);
    const changed = await api('PUT', `/api/admin/campaigns/${created.id}`, {
      subject: 'Draft',
      content: '<p>x</p>',
      audience: campaign.audience,
      trackClicks: true,
    });
    expect(changed.json<Campaign>().trackClicks).toBe(true);
  });
});

describe('open counting', () => {
  it('is off by default; when the chamber turns it on, mails carry the image', async () => {
    const settings = await api('GET', '/api/admin/campaign-settings', undefined, admin);
    expect(settings.json()).toEqual({ countOpens: false });
    const before = await sendTo(['ivy@track.example']);
    expect(String(before.mails.get('ivy@track.example')!.html)).not.toContain('/api/o/');
    expect((await get(before.campaign.id)).opens).toBeNull();

    const on = await api('PUT', '/api/admin/campaign-settings', { countOpens: true }, admin);
    expect(on.statusCode, on.body).toBe(200);
    try {
      const { campaign, mails } = await sendTo(['jack@track.example', 'kim@track.example']);
      const image = /src="http:\/\/localhost:3000(\/api\/o\/o1\.[^"]+\.gif)"/.exec(
        String(mails.get('jack@track.example')!.html),
      )?.[1];
      expect(image).toBeDefined();
      expect(String(mails.get('jack@track.example')!.text)).not.toContain('/api/o/');
      expect((await get(campaign.id)).opens).toBe(0);
      for (let i = 0; i < 2; i += 1) {
        const res = await ctx.app.inject({ method: 'GET', url: image! });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/gif');
        expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      }
      let opens = 0;
      for (let i = 0; i < 50 && opens === 0; i += 1) {
        opens = (await get(campaign.id)).opens ?? 0;
        if (opens === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The first open per recipient: Jack twice counts once, Kim not at all.
      expect(opens).toBe(1);
      const forged = await ctx.app.inject({
        method: 'GET',
        url: image!.replace(/\.[^.]+\.gif$/, '.AAAAAAAAAAAAAAAAAAAAAA.gif'),
      });
      expect(forged.statusCode).toBe(404);
    } finally {
      await api('PUT', '/api/admin/campaign-settings', { countOpens: false }, admin);
    }
  });

  it('lets only admins read and change the setting', async () => {
    expect(
      (await api('GET', '/api/admin/campaign-settings', undefined, memberToken)).statusCode,
    ).toBe(403);
    expect(
      (await api('PUT', '/api/admin/campaign-settings', { countOpens: true })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/campaign-settings' })).statusCode,
    ).toBe(401);
    const bad = await api('PUT', '/api/admin/campaign-settings', { countOpens: 'yes' }, admin);
    expect(bad.statusCode).toBe(400);
  });
});
