import type { Executor } from '@chamber/db';
import { getSettings } from './queries.js';

/** The chamber's currency (ISO 4217), the one every amount in the portal is in. */
export async function chamberCurrency(db: Executor): Promise<string> {
  return (await getSettings(db)).currency;
}
