import {
  type Campaign,
  type CampaignAudience,
  campaignAudienceSchema,
  type campaignInputSchema,
  type MailTopic,
  recipientStates,
} from '@chamber/contract';
import { campaignRecipients, campaigns, type Database } from '@chamber/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import type { Session } from '../../plugins/auth.js';
import { audienceSql } from './audience.js';
import { ContentBlocks } from './blocks.js';
import { startSending } from './start-sending.js';
import { fillBlocks, hasBlocks, renderCampaign, sanitizeContent } from './content.js';
import { assignSlug } from './news.js';
import type { UnsubscribeTokens } from './tokens.js';
import {
  clickTarget,
  linkReport,
  linksOf,
  openCount,
  readSettings,
  recordClick,
  recordOpen,
  rewriteLinks,
  TrackingTokens,
  writeSettings,
} from './tracking.js';

/** Who a campaign mail goes to, for its tracked links and open image. */
export interface Tracking {
  recipientId: string;
  campaignId: string;
  trackClicks: boolean;
  countOpens: boolean;
}

type CampaignInput = z.output<typeof campaignInputSchema>;
type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign whose send started is no longer edited. */
const STARTED = new Set(['sending', 'paused', 'sent', 'cancelled']);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const summary = (row: CampaignRow) => ({
  id: row.id,
  subject: row.subject,
  topic: row.topic as MailTopic,
  state: row.state as Campaign['state'],
  scheduledAt: iso(row.scheduledAt),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
  public: row.public,
  slug: row.slug,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Staff's campaigns (compose, target, send, pause, resume, cancel) and the recipients' side
 * (unsubscribe, the newsletter's double opt-in). The sending itself is CampaignSender's.
 */
export class CommunicationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly mail: MailDelivery,
    private readonly outbox: MailOutbox,
    private readonly tokens: UnsubscribeTokens,
    private readonly publicUrl: string,
    /** Wakes the sender once a send was queued. */
    private readonly wake: () => void,
    /** The data of the messages' blocks (upcoming events, new members). */
    readonly blocks: ContentBlocks = new ContentBlocks(db, clock, publicUrl),
  ) {
    this.tracking = new TrackingTokens(db);
  }

  /** Signs the tracked links and open images. */
  private readonly tracking: TrackingTokens;

  /** A sending campaign's stored links by address (they do not change once its send started). */
  private readonly linkCache = new Map<string, Promise<Map<string, string>>>();

  private links(campaignId: string): Promise<Map<string, string>> {
    let links = this.linkCache.get(campaignId);
    if (!links) {
      if (this.linkCache.size > 20) this.linkCache.clear();
      links = linksOf(this.db, campaignId).then((rows) => new Map(rows.map((r) => [r.url, r.id])));
      links.catch(() => this.linkCache.delete(campaignId));
      this.linkCache.set(campaignId, links);
    }
    return links;
  }

  private async row(id: string): Promise<CampaignRow> {
    const [row] = isUuid(id)
      ? await this.db.select().from(campaigns).where(eq(campaigns.id, id))
      : [];
    if (!row) throw new AppError('not_found', 'No such campaign.');
    return row;
  }

  private async counts(id: string): Promise<Campaign['counts']> {
    const rows = await this.db
      .select({ state: campaignRecipients.state, n: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .groupBy(campaignRecipients.state);
    const counts = Object.fromEntries(recipientStates.map((s) => [s, 0])) as Campaign['counts'];
    let total = 0;
    for (const r of rows) {
      counts[r.state as (typeof recipientStates)[number]] = r.n;
      total += r.n;
    }
    return { ...counts, total };
  }

  async get(id: string): Promise<Campaign> {
    const row = await this.row(id);
    return {
      ...summary(row),
      content: row.content,
      audience: campaignAudienceSchema.parse(row.audience),
      counts: await this.counts(row.id),
      trackClicks: row.trackClicks,
      links: row.trackClicks ? await linkReport(this.db, row.id) : [],
      opens: row.countOpens ? await openCount(this.db, row.id) : null,
    };
  }

  async list() {
    const rows = await this.db
      .select()
      .from(campaigns)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(500);
    // Sent of listed, per campaign, in one pass over the recipients of the campaigns shown.
    const counted =
      rows.length === 0
        ? []
        : await this.db
            .select({
              id: campaignRecipients.campaignId,
              sent: sql<number>`(count(*) filter (where ${campaignRecipients.state} = 'sent'))::int`,
              total: sql<number>`count(*)::int`,
            })
            .from(campaignRecipients)
            .where(
              inArray(
                campaignRecipients.campaignId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(campaignRecipients.campaignId);
    const byId = new Map(counted.map((c) => [c.id, { sent: c.sent, total: c.total }]));
    return {
      campaigns: rows.map((row) => ({
        ...summary(row),
        recipients: byId.get(row.id) ?? { sent: 0, total: 0 },
      })),
    };
  }

  async create(session: Session, input: CampaignInput): Promise<Campaign> {
    const now = this.clock.now();
    const [row] = await this.db
      .insert(campaigns)
      .values({
        subject: input.subject,
        content: sanitizeContent(input.content),
        audience: input.audience,
        topic: input.topic,
        public: input.public ?? false,
        trackClicks: input.trackClicks ?? false,
        createdBy: session.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row!.public) await assignSlug(this.db, row!.id, row!.subject);
    return this.get(row!.id);
  }

  /**
   * Changes a draft or scheduled campaign. Once its send started only `public` may change (the
   * other fields given as they are): staff may add a sent message to the archive, or take it out.
   */
  async update(id: string, input: CampaignInput): Promise<Campaign> {
    const row = await this.row(id);
    const isPublic = input.public ?? row.public;
    const trackClicks = input.trackClicks ?? row.trackClicks;
    const content = sanitizeContent(input.content);
    if (STARTED.has(row.state)) {
      const unchanged =
        input.subject === row.subject &&
        content === row.content &&
        input.topic === row.topic &&
        trackClicks === row.trackClicks &&
        JSON.stringify(input.audience) ===
          JSON.stringify(campaignAudienceSchema.parse(row.audience));
      if (!unchanged) throw notEditable(row.state);
      await this.db
        .update(campaigns)
        .set({ public: isPublic, updatedAt: this.clock.now() })
        .where(eq(campaigns.id, row.id));
    } else {
      // Checked again in the statement: a send that starts meanwhile wins.
      const [updated] = await this.db
        .update(campaigns)
        .set({
          subject: input.subject,
          content,
          audience: input.audience,
          topic: input.topic,
          public: isPublic,
          trackClicks,
          updatedAt: this.clock.now(),
        })
        .where(sql`${campaigns.id} = ${row.id} and ${campaigns.state} in ('draft', 'scheduled')`)
        .returning({ id: campaigns.id });
      if (!updated) throw notEditable(row.state);
    }
    // The slug is made from the subject the first time it is public, and kept from then on.
    if (isPublic && !row.slug) await assignSlug(this.db, row.id, input.subject);
    return this.get(row.id);
  }

  /** How many the audience reaches now, and a few of them. */
  async preview(audience: CampaignAudience, topic: MailTopic) {
    const query = audienceSql(audience, topic);
    const [{ rows: counted }, { rows: sample }] = await Promise.all([
      this.db.execute<{ count: number }>(sql`select count(*)::int as count from (${query}) q`),
      this.db.execute<{ email: string; name: string }>(
        sql`select email, name from (${query}) q order by name = '', name, email limit 5`,
      ),
    ]);
    return {
      count: Number(counted[0]?.count ?? 0),
      sample: sample.map((s) => ({ name: s.name, email: s.email })),
    };
  }

  /**
   * The message as a recipient gets it, for `to`. A send's recipients get the content as it
   * was filled when the send started (`sent_content`, no blocks left to fill); a test or a
   * preview fills the blocks from the portal's data now. With `tracking` (a send's
   * recipient), a click-tracked campaign's web links become the recipient's signed redirects,
   * and the open image is added when the campaign counts opens.
   */
  async compose(
    row: { subject: string; content: string; topic: string },
    to: string,
    tracking?: Tracking,
  ) {
    const token = await this.tokens.issue({ email: to, topic: row.topic as MailTopic });
    const unsubscribeUrl = `${this.publicUrl}/api/unsubscribe/${token}`;
    const preferencesUrl = `${this.publicUrl}/unsubscribe/${token}`;
    let html = hasBlocks(row.content)
      ? fillBlocks(row.content, await this.blocks.read())
      : row.content;
    if (tracking?.trackClicks) {
      const links = await this.links(tracking.campaignId);
      const redirects = new Map<string, string>();
      for (const [url, linkId] of links) {
        const signed = await this.tracking.click(tracking.recipientId, linkId);
        redirects.set(url, `${this.publicUrl}/api/r/${signed}`);
      }
      html = rewriteLinks(html, (url) => redirects.get(url));
    }
    const pixel = tracking?.countOpens
      ? `<img src="${this.publicUrl}/api/o/${await this.tracking.open(tracking.recipientId)}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`
      : '';
    return {
      unsubscribeUrl,
      render: async (chamber: Parameters<typeof renderCampaign>[0]) => {
        const message = await renderCampaign(
          chamber,
          { subject: row.subject, html },
          { unsubscribeUrl, preferencesUrl },
        );
        return pixel
          ? { ...message, html: message.html.replace(/<\/body>/i, `${pixel}</body>`) }
          : message;
      },
    };
  }

  /**
   * Where a tracked link goes: its stored address (never one read from the token), or null for
   * a forged or damaged token, or one whose link is not of its recipient's campaign. The click
   * is recorded without being waited for: a failed write still lets the reader through.
   */
  async click(token: string, log: (err: unknown) => void): Promise<string | null> {
    const claim = await this.tracking.readClick(token).catch(() => null);
    if (!claim) return null;
    const url = await clickTarget(this.db, claim.recipientId, claim.linkId);
    if (url) recordClick(this.db, claim.recipientId, claim.linkId, this.clock.now()).catch(log);
    return url;
  }

  /** Records a recipient's first open; false for a forged or damaged token. */
  async open(token: string, log: (err: unknown) => void): Promise<boolean> {
    const recipientId = await this.tracking.readOpen(token.replace(/\.gif$/, '')).catch(() => null);
    if (!recipientId) return false;
    recordOpen(this.db, recipientId, this.clock.now()).catch(log);
    return true;
  }

  /** The portal's address (the way on from a forged link's page). */
  get home(): string {
    return `${this.publicUrl}/`;
  }

  settings() {
    return readSettings(this.db);
  }

  putSettings(input: { countOpens: boolean }) {
    return writeSettings(this.db, input.countOpens, this.clock.now());
  }

  /**
   * The campaign as its test mail would be (to the signed-in staff member's own address,
   * blocks filled as the send fills them), without sending anything.
   */
  async previewMail(session: Session, id: string) {
    const row = await this.row(id);
    const { render } = await this.compose(row, session.user.email);
    return render(await this.mail.chamber());
  }

  /** Sends the campaign to the signed-in staff member's own address, now. */
  async sendTest(session: Session, id: string) {
    const row = await this.row(id);
    const to = session.user.email;
    const { render } = await this.compose(row, to);
    try {
      await this.mail.send(async (chamber) => {
        const message = await render(chamber);
        return { to, subject: `[Test] ${message.subject}`, html: message.html, text: message.text };
      });
    } catch {
      throw new AppError('service_unavailable', 'The mail server did not take the test message.');
    }
    return { sentTo: to };
  }

  /**
   * Starts (or schedules) the send. Sending now lists its recipients in the same transaction
   * as the state change, with one insert … select: 422 when nobody is left to send to.
   */
  async send(id: string, at: string | undefined): Promise<Campaign> {
    const row = await this.row(id);
    if (STARTED.has(row.state)) {
      throw new AppError(
        'conflict',
        `This campaign was already sent or is being sent (it is ${row.state}).`,
      );
    }
    const now = this.clock.now();
    const when = at ? new Date(at) : null;
    const audience = campaignAudienceSchema.parse(row.audience);
    if (when && when > now) {
      const { count } = await this.preview(audience, row.topic as MailTopic);
      if (count === 0) throw nobody();
      await this.db
        .update(campaigns)
        .set({ state: 'scheduled', scheduledAt: when, updatedAt: now })
        .where(sql`${campaigns.id} = ${row.id} and ${campaigns.state} in ('draft', 'scheduled')`);
      return this.get(row.id);
    }
    const listed = await startSending(this.db, row.id, now, this.blocks);
    if (listed === null) {
      throw new AppError('conflict', 'This campaign was already sent or is being sent.');
    }
    if (listed === 0) throw nobody();
    this.wake();
    return this.get(row.id);
  }

  async pause(id: string): Promise<Campaign> {
    return this.move(id, ['sending'], 'paused', 'Only a campaign being sent can be paused.');
  }

  async resume(id: string): Promise<Campaign> {
    const campaign = await this.move(
      id,
      ['paused'],
      'sending',
      'Only a paused campaign can be resumed.',
    );
    this.wake();
    return campaign;
  }

  /**
   * Cancels a scheduled, sending or paused campaign: its recipients not yet sent to are
   * marked cancelled (a mail being handed to the mail server right now still goes).
   */
  async cancel(id: string): Promise<Campaign> {
    const row = await this.row(id);
    const now = this.clock.now();
    const done = await this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(campaigns)
        .set({ state: 'cancelled', finishedAt: now, updatedAt: now })
        .where(
          sql`${campaigns.id} = ${row.id} and ${campaigns.state} in ('draft', 'scheduled', 'sending', 'paused')`,
        )
        .returning({ id: campaigns.id });
      if (!moved) return false;
      await tx
        .update(campaignRecipients)
        .set({ state: 'cancelled' })
        .where(
          sql`${campaignRecipients.campaignId} = ${row.id} and ${campaignRecipients.state} = 'queued'`,
        );
      return true;
    });
    if (!done)
      throw new AppError('conflict', `This campaign is ${row.state}: there is nothing to cancel.`);
    return this.get(row.id);
  }

  private async move(id: string, from: string[], to: string, refusal: string) {
    const row = await this.row(id);
    const [moved] = await this.db
      .update(campaigns)
      .set({ state: to, updatedAt: this.clock.now() })
      .where(
        sql`${campaigns.id} = ${row.id} and ${campaigns.state} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
      .returning({ id: campaigns.id });
    if (!moved) throw new AppError('conflict', `${refusal} This one is ${row.state}.`);
    return this.get(row.id);
  }
}

const notEditable = (state: string) =>
  new AppError(
    'conflict',
    `This campaign can no longer be edited: its send has started (it is ${state}). Only whether it is public may change.`,
  );

const nobody = () =>
  new AppError(
    'audience_empty',
    'This audience reaches nobody (after unsubscribed and suppressed addresses are left out).',
  );
