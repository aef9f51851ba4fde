/**
 * What happened to mail sent to one address, oldest first: a report parsed from the bounce
 * mailbox ('hard', 'soft', 'complaint') or a message known to have been delivered.
 */
export type DeliveryOutcome = 'hard' | 'soft' | 'complaint' | 'delivered';

/** Soft bounces in a row, with no delivery between them, that suppress an address. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;

export type SuppressionReason = 'hard-bounce' | 'complaint' | 'soft-bounces';

/**
 * Whether an address is to be suppressed, and why: any hard bounce or complaint suppresses it;
 * so do three soft bounces in a row (a delivery between them starts the count again).
 * Null: keep sending.
 */
export function suppressionFor(history: readonly DeliveryOutcome[]): SuppressionReason | null {
  let softInARow = 0;
  for (const outcome of history) {
    if (outcome === 'hard') return 'hard-bounce';
    if (outcome === 'complaint') return 'complaint';
    softInARow = outcome === 'soft' ? softInARow + 1 : 0;
    if (softInARow >= SOFT_BOUNCES_TO_SUPPRESS) return 'soft-bounces';
  }
  return null;
}
