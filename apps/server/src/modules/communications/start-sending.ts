import { campaignAudienceSchema, type MailTopic, mailTopics } from '@chamber/contract';
import { campaigns, type Database } from '@chamber/db';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { audienceSql } from './audience.js';
import type { ContentBlocks } from './blocks.js';
import { fillBlocks } from './content.js';
import { readSettings, storeLinks } from './tracking.js';

/**
 * Moves a draft or scheduled campaign to sending and lists its recipients, in one
 * transaction: answers how many were listed, 0 (and nothing changed) when the audience is
 * empty, or null when the campaign was not draft or scheduled.
 */
export async function startSending(
  db: Database,
  id: string,
  now: Date,
  blocks: ContentBlocks,
): Promise<number | null> {
  const [data, settings] = await Promise.all([blocks.read(), readSettings(db)]);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(campaigns)
        .set({ state: 'sending', startedAt: now, updatedAt: now })
        .where(sql`${campaigns.id} = ${id} and ${campaigns.state} in ('draft', 'scheduled')`)
        .returning();
      if (!row) return null;
      // The blocks filled once: every recipient, and the archive, get the same message.
      // Whether opens are counted is the chamber's setting now, kept for the whole send.
      const sentContent = fillBlocks(row.content, data);
      await tx
        .update(campaigns)
        .set({ sentContent, countOpens: settings.countOpens })
        .where(eq(campaigns.id, row.id));
      if (row.trackClicks) await storeLinks(tx, row.id, sentContent);
      const audience = campaignAudienceSchema.parse(row.audience);
      const topic = mailTopics.includes(row.topic as MailTopic)
        ? (row.topic as MailTopic)
        : 'newsletter';
      const { rowCount } = await tx.execute(sql`
      insert into campaign_recipients (campaign_id, email, name, person_id, contact_id, created_at)
      select ${row.id}::uuid, q.email, coalesce(q.name, ''), q.person_id, q.contact_id,
        ${now.toISOString()}::timestamptz
      from (${audienceSql(audience, topic)}) q
      on conflict (campaign_id, email) do nothing`);
      if (!rowCount) {
        tx.rollback();
      }
      return rowCount ?? 0;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return 0;
      throw err;
    });
}
