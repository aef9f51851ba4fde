import { eq } from 'drizzle-orm';
import { hasPlanFeatures } from '@chamber/contract';
import { type Executor, memberships } from '@chamber/db';
import { getSettings } from './queries.js';

/**
 * Whether a member business is a member in good standing now: its membership active or in
 * grace (what other modules ask before letting a member offer something to the public).
 */
export async function hasCurrentMembership(db: Executor, contactId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(eq(memberships.contactId, contactId));
  return row ? hasPlanFeatures(row.status) : false;
}

/** The chamber's currency (ISO 4217), the one every amount in the portal is in. */
export async function chamberCurrency(db: Executor): Promise<string> {
  return (await getSettings(db)).currency;
}
