import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, dateKeyIn } from '@chamber/contract';
import {
  contacts,
  type Database,
  events,
  media,
  sponsorPlacementDays,
  sponsorships as sponsorshipRows,
  sponsorshipPackages,
  users,
} from '@chamber/db';
import sharp from 'sharp';
import { manualClock } from '../lib/clock.js';
import { mediaUrl } from '../lib/media-url.js';
import type { Storage } from '../lib/storage.js';
import { BillingService } from '../modules/billing/index.js';
import { sponsorshipBilling } from '../modules/sponsorship-billing.js';
import { SponsorshipsService } from '../modules/sponsorships/index.js';
import { DEALS_MEMBER_EMAIL } from './demo-deals.js';
import { TIMEZONE } from './demo-data.js';

/** The business sold the directory featured listing. */
const FEATURED_SPONSOR_EMAIL = 'priya@jordanrivercpa.example';

/**
 * Three sponsorship packages for the year from this month, one sold by invoice to the deals
 * member's business, so /sponsorships shows what is left and /admin/sponsorships a sale.
 * Seeded once: a database with packages is left alone.
 */
export async function seedDemoSponsorships(
  db: Database,
  storage: Storage | undefined,
  now: Date,
): Promise<string[]> {
  if ((await db.select({ id: sponsorshipPackages.id }).from(sponsorshipPackages).limit(1)).length) {
    return [];
  }
  const today = dateKeyIn(now, TIMEZONE);
  const year = Number(today.slice(0, 4));
  const startsOn = `${today.slice(0, 7)}-01`;
  const endsOn = `${year + 1}-${today.slice(5, 7)}-01`;
  const lastDay = new Date(`${endsOn}T00:00:00Z`);
  lastDay.setUTCDate(lastDay.getUTCDate() - 1);
  const period = { startsOn, endsOn: lastDay.toISOString().slice(0, 10) };
  const clock = manualClock(now);
  const sponsorships = new SponsorshipsService(
    db,
    clock,
    sponsorshipBilling(new BillingService(db, clock), null, null, clock),
  );
  const [dinner] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.title, 'Annual Dinner'))
    .limit(1);
  const luncheon = await sponsorships.create({
    name: 'Luncheon presenting sponsor',
    description:
      'Your business presents the monthly luncheons: named on the calendar and home page.',
    priceCents: 150_000,
    quantity: 1,
    ...period,
    placements: [{ kind: 'home' }, { kind: 'calendar' }],
  });
  const featured = await sponsorships.create({
    name: 'Directory featured listing',
    description: 'Your listing at the top of the member directory and beside the job board.',
    priceCents: 50_000,
    quantity: 4,
    ...period,
    placements: [{ kind: 'directory' }, { kind: 'jobs' }],
  });
  await sponsorships.create({
    name: 'Annual Dinner gold',
    description:
      'Gold sponsor of the Annual Dinner: its page, its confirmation mail and the newsletter.',
    priceCents: 250_000,
    quantity: 3,
    ...period,
    placements: dinner
      ? [{ kind: 'event', eventId: dinner.id, level: 'gold' }, { kind: 'newsletter' }]
      : [{ kind: 'newsletter' }],
    eventId: dinner?.id ?? null,
    level: dinner ? 'gold' : null,
  });
  const lines = ['created 3 sponsorship packages'];
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  const [buyer] = await db
    .select({ id: contacts.id })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.email, DEALS_MEMBER_EMAIL));
  if (admin && buyer) {
    const session = { tokenId: 'seed', expiresAt: now, user: admin, contact: null };
    const sale = await sponsorships.staffSale(
      luncheon.id,
      { memberId: buyer.id, payment: 'invoice' },
      session,
    );
    lines.push('sold the luncheon presenting sponsorship by invoice');
    await showWithLogo(db, storage, sale.id, buyer.id, sale.businessName, '#1f5f8b', today);
    // A second sponsor, on the directory and the job board (a business of no dues story).
    const [second] = await db
      .select({ id: contacts.id })
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(eq(users.email, FEATURED_SPONSOR_EMAIL));
    if (second) {
      const other = await sponsorships.staffSale(
        featured.id,
        { memberId: second.id, payment: 'invoice' },
        session,
      );
      await showWithLogo(db, storage, other.id, second.id, other.businessName, '#3aa17e', today);
      lines.push('sold a directory featured listing; both sponsors show with logos and counts');
    }
  }
  return lines;
}

/**
 * The sponsor's logo (drawn: its initials on its colour, a PNG stored as an upload is), alt
 * text and link, and two weeks of impressions and clicks for its report.
 */
async function showWithLogo(
  db: Database,
  storage: Storage | undefined,
  sponsorshipId: string,
  contactId: string,
  name: string,
  colour: string,
  today: string,
) {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><rect width="320" height="120" rx="16" fill="${colour}"/><text x="160" y="80" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  let logoUrl: string | null = null;
  // Without storage (a seed of the database only) the sponsor shows by name.
  if (storage) {
    const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
    const key = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    await storage.put(key, bytes, 'image/png');
    await db
      .insert(media)
      .values({
        key,
        kind: 'avatar',
        contentType: 'image/png',
        size: bytes.length,
        originalName: 'logo.png',
        contactId,
      })
      .onConflictDoNothing();
    logoUrl = mediaUrl(key);
  }
  const [row] = await db
    .update(sponsorshipRows)
    .set({
      logoUrl,
      logoAlt: `${name} logo`,
      link: 'https://example.org/',
    })
    .where(eq(sponsorshipRows.id, sponsorshipId))
    .returning();
  const slots = (
    await db
      .select({ placements: sponsorshipPackages.placements })
      .from(sponsorshipPackages)
      .where(eq(sponsorshipPackages.id, row!.packageId))
  )[0]!.placements
    .map((p) => p.kind)
    .filter((k) => k !== 'newsletter' && k !== 'event');
  const days = [];
  for (let back = 14; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    if (day < row!.startsOn) continue;
    for (const [i, slot] of slots.entries()) {
      const impressions = 120 + ((back * 37 + i * 53) % 90);
      days.push({ sponsorshipId, slot, day, impressions, clicks: Math.floor(impressions / 40) });
    }
  }
  if (days.length) await db.insert(sponsorPlacementDays).values(days).onConflictDoNothing();
}
