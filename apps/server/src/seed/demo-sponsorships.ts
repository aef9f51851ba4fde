import { eq } from 'drizzle-orm';
import { dateKeyIn } from '@chamber/contract';
import { contacts, type Database, events, sponsorshipPackages, users } from '@chamber/db';
import { manualClock } from '../lib/clock.js';
import { BillingService } from '../modules/billing/index.js';
import { sponsorshipBilling } from '../modules/sponsorship-billing.js';
import { SponsorshipsService } from '../modules/sponsorships/index.js';
import { DEALS_MEMBER_EMAIL } from './demo-deals.js';
import { TIMEZONE } from './demo-data.js';

/**
 * Three sponsorship packages for the year from this month, one sold by invoice to the deals
 * member's business, so /sponsorships shows what is left and /admin/sponsorships a sale.
 * Seeded once: a database with packages is left alone.
 */
export async function seedDemoSponsorships(db: Database, now: Date): Promise<string[]> {
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
  await sponsorships.create({
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
    await sponsorships.staffSale(
      luncheon.id,
      { memberId: buyer.id, payment: 'invoice' },
      { tokenId: 'seed', expiresAt: now, user: admin, contact: null },
    );
    lines.push('sold the luncheon presenting sponsorship by invoice');
  }
  return lines;
}
