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

/**
 * Audits a staff change to one record by what it was and what it is: `before` as it was, the
 * record read again after the change (`reread`; null when it is gone), each shown through
 * `shown`, in the change's transaction.
 */
export async function recordChange<Row extends { id: string }>(
  db: Executor,
  session: { user: { id: string; email: string } },
  change: {
    action: string;
    targetType: string;
    targetLabel: string;
    before: Row;
    reread: (db: Executor, id: string) => Promise<Row | undefined>;
    shown: (row: Row) => Record<string, unknown>;
    reason: string | null;
  },
) {
  const after = await change.reread(db, change.before.id);
  await recordAudit(db, {
    actorId: session.user.id,
    actorEmail: session.user.email,
    action: change.action,
    targetType: change.targetType,
    targetId: change.before.id,
    targetLabel: change.targetLabel,
    before: change.shown(change.before),
    after: after ? change.shown(after) : null,
    reason: change.reason,
  });
}
