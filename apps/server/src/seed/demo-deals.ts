import { and, eq, sql } from 'drizzle-orm';
import { addDays, dateKeyIn } from '@chamber/contract';
import { contacts, deals, type Database } from '@chamber/db';
import { TIMEZONE } from './demo-data.js';

/** The elite member with a sign-in whose listing carries the demo deals. */
export const DEALS_MEMBER_EMAIL = 'tom@redwoodhardware.example';

/** One public deal and one for signed-in members only, so /deals shows the difference. */
export const demoDeals = [
  {
    offer: 'Free key cutting with any purchase over $20',
    code: 'KEYS4FREE',
    days: 60,
    terms: 'Up to three standard keys per visit. Show the code at the register.',
    audience: 'public',
  },
  {
    offer: '15% off power tools for chamber members',
    code: 'MEMBER15',
    days: null,
    terms: 'Not combined with other offers. Sale items excluded.',
    audience: 'members',
  },
] as const;

/** The offers behind the demo listings' coupon codes, so /deals reads like a real chamber's. */
const couponOffers: Record<string, { offer: string; terms: string }> = {
  CHAMBER10: {
    offer: '10% off your whole basket for chamber members',
    terms: 'Show the code at the register. Not valid on gift cards.',
  },
  SPRINGPAINT: {
    offer: '$5 off every gallon of interior paint this spring',
    terms: 'Up to ten gallons per visit, while stock lasts.',
  },
  NEWSMILE: {
    offer: 'Free whitening kit with a new-patient exam',
    terms: 'For new patients booking a cleaning and exam.',
  },
  OILCHANGE15: {
    offer: '$15 off a full-synthetic oil change',
    terms: 'Most cars and light trucks. Mention the code when you book.',
  },
};

/** A demo listing's code: its written offer, or a percentage off for the roster's codes. */
function offerOf(code: string): { offer: string; terms: string } | null {
  const known = couponOffers[code];
  if (known) return known;
  const percent = /^CHAMBER(\d{2})$/.exec(code)?.[1];
  return percent
    ? {
        offer: `${percent}% off your first order as a chamber member`,
        terms: 'Once per business. Mention the code when you order.',
      }
    : null;
}

/**
 * Adds each demo deal its member does not have yet (matched by offer), so a rerun adds none;
 * then a deal with its offer for each demo listing's coupon code (matched by code).
 */
export async function seedDemoDeals(db: Database, now: Date): Promise<string[]> {
  const written = await seedWrittenDeals(db, now);
  const holders = await db
    .select({ id: contacts.id, codes: contacts.couponCodes })
    .from(contacts)
    .where(sql`cardinality(${contacts.couponCodes}) > 0`);
  let offered = 0;
  for (const holder of holders) {
    for (const code of holder.codes) {
      const offer = offerOf(code);
      if (!offer) continue;
      const [present] = await db
        .select({ id: deals.id })
        .from(deals)
        .where(and(eq(deals.contactId, holder.id), eq(deals.code, code)));
      if (present) continue;
      await db.insert(deals).values({
        contactId: holder.id,
        offer: offer.offer,
        code,
        validUntil: null,
        terms: offer.terms,
        audience: 'public',
      });
      offered++;
    }
  }
  return [...written, `deals: ${offered} coupon offers written`];
}

async function seedWrittenDeals(db: Database, now: Date): Promise<string[]> {
  const [owner] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${DEALS_MEMBER_EMAIL}`);
  if (!owner) return ['deals: no elite member to offer them'];
  const today = dateKeyIn(now, TIMEZONE);
  let created = 0;
  for (const d of demoDeals) {
    const [present] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.contactId, owner.id), eq(deals.offer, d.offer)));
    if (present) continue;
    await db.insert(deals).values({
      contactId: owner.id,
      offer: d.offer,
      code: d.code,
      validUntil: d.days === null ? null : addDays(today, d.days),
      terms: d.terms,
      audience: d.audience,
    });
    created++;
  }
  return [`deals: ${created} created, ${demoDeals.length - created} already present`];
}
