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

/** Adds each demo deal its member does not have yet (matched by offer), so a rerun adds none. */
export async function seedDemoDeals(db: Database, now: Date): Promise<string[]> {
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
