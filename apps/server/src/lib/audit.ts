import { auditLog, type Executor } from '@chamber/db';

/** Who made a change, for the audit log: an admin's login, or the command line (no login). */
export interface Actor {
  id: string | null;
  /** An address, or a name such as `chamber command line`. */
  label: string;
}

export const COMMAND_LINE: Actor = { id: null, label: 'chamber command line' };

/**
 * Writes one entry of the audit log, in the transaction of the change it records, so an entry
 * exists exactly when the change does. Any module that changes what staff answer for writes
 * here; the admin module reads the log (GET /admin/audit).
 */
export async function recordAudit(db: Executor, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}
