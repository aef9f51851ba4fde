import { campaigns, type Database } from '@chamber/db';
import { eq } from 'drizzle-orm';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Two newsletters sent and marked public, so /news, its pages and the Atom feed show
 * something: the content as the editor stores it (sanitized HTML; the events block is filled
 * at send time and so left out of the archive).
 */
export const demoNews = [
  {
    slug: 'spring-mixer-and-ribbon-cuttings',
    subject: 'Spring mixer and two ribbon cuttings',
    daysAgo: 21,
    content:
      '<h2>Join us at the spring mixer</h2><p>Our spring mixer is on at the chamber office: meet the businesses that joined this winter, and bring a card or two.</p><p><a class="button" href="/calendar">See the calendar</a></p><h3>Ribbon cuttings</h3><ul><li>Redwood Hardware opens its new garden centre.</li><li>Riverton Family Dental welcomes patients at its second office.</li></ul><div data-block="upcoming-events"></div><p>Thank you for being part of the chamber.</p>',
  },
  {
    slug: 'welcome-to-our-newest-members',
    subject: 'Welcome to our newest members',
    daysAgo: 7,
    content:
      '<h2>New faces in the directory</h2><p>Five businesses joined the chamber this month. Look them up in the <a href="/members">member directory</a> and say hello.</p><div data-block="new-members"></div><h3>Member deals</h3><p>Members now list their offers on the <a href="/deals">member deals</a> page: a good reason to shop local.</p><blockquote>The luncheon is where we found our first three customers. — A new member</blockquote>',
  },
] as const;

/** Adds each demo newsletter not there yet (matched by slug), so a rerun adds none. */
export async function seedDemoNews(db: Database, now: Date): Promise<string[]> {
  let created = 0;
  for (const item of demoNews) {
    const [present] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.slug, item.slug));
    if (present) continue;
    const sent = new Date(now.getTime() - item.daysAgo * DAY);
    await db.insert(campaigns).values({
      subject: item.subject,
      content: item.content,
      topic: 'newsletter',
      audience: { segments: [{ kind: 'subscribers' }] },
      state: 'sent',
      public: true,
      slug: item.slug,
      startedAt: sent,
      finishedAt: new Date(sent.getTime() + 10 * 60 * 1000),
      createdAt: new Date(sent.getTime() - DAY),
      updatedAt: sent,
    });
    created++;
  }
  return [
    `news: ${created} sent newsletters created, ${demoNews.length - created} already present`,
  ];
}
