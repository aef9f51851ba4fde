import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { queueMail } from '../../lib/mail/outbox.js';
import { CELEBRATION_REMINDER_MAIL, type ReminderParams } from './mail.js';
import * as q from './queries.js';

const DAY_MS = 86_400_000;

/**
 * Queues the reminders due: two weeks and two days before each confirmed celebration, with
 * the chamber's checklist, each once: the booking records it in the transaction that queues
 * the mail, so a repeated run queues nothing. A celebration confirmed inside two weeks gets
 * the two-week one at once; inside two days, only the two-day one.
 */
export async function queueCelebrationReminders(
  db: Database,
  clock: Clock,
): Promise<{ queued: number }> {
  const now = clock.now();
  const within = (days: number) => new Date(now.getTime() + days * DAY_MS);
  let queued = 0;
  await db.transaction(async (tx) => {
    const late = await q.dueReminders(tx, 'late', now, within(2));
    for (const { id } of late) {
      await q.update(tx, id, { remindedLateAt: now, remindedEarlyAt: now });
      await queueMail(tx, now, CELEBRATION_REMINDER_MAIL, { id, days: 2 } satisfies ReminderParams);
      queued++;
    }
    const early = await q.dueReminders(tx, 'early', now, within(14));
    for (const { id } of early) {
      await q.update(tx, id, { remindedEarlyAt: now });
      await queueMail(tx, now, CELEBRATION_REMINDER_MAIL, {
        id,
        days: 14,
      } satisfies ReminderParams);
      queued++;
    }
  });
  return { queued };
}
