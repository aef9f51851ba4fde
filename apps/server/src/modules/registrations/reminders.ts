import { and, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  type Database,
  type Executor,
  eventRegistrations,
  eventReminders,
  events,
} from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { queueMail } from '../../lib/mail/outbox.js';
import {
  calendarQueries as q,
  compactUtc,
  isCancelled,
  type RegistrationRow,
  resolveTarget,
  shownRow,
  type Target,
} from '../calendars/index.js';
import { EVENT_REMINDER_MAIL, type ReminderMailParams } from './registration-mail.js';

const HOUR = 3_600_000;
/** The longest reminder (the contract's bound) and a day's slack for occurrences moved on their own. */
const REACH = (168 + 24) * HOUR;

/** Registrations of events and occurrences that may start within the longest reminder. */
async function candidates(db: Executor, now: Date): Promise<RegistrationRow[]> {
  const horizon = new Date(now.getTime() + REACH);
  const reminded = and(isNotNull(events.reminderHours), eq(events.id, eventRegistrations.eventId));
  const singles = db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .innerJoin(events, reminded)
    .where(
      and(
        eq(eventRegistrations.occurrenceKey, ''),
        isNull(events.rrule),
        gt(events.startTime, now),
        lte(events.startTime, horizon),
      ),
    );
  // An occurrence's key is its start as the rule gives it (compact UTC, which sorts as time).
  const occurrences = db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .innerJoin(events, reminded)
    .where(
      and(
        ne(eventRegistrations.occurrenceKey, ''),
        isNotNull(events.rrule),
        gt(eventRegistrations.occurrenceKey, compactUtc(new Date(now.getTime() - REACH))),
        lte(eventRegistrations.occurrenceKey, compactUtc(horizon)),
      ),
    );
  // Occurrences edited on their own to a start far from the rule's.
  const moved = db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .innerJoin(
      events,
      and(
        eq(events.seriesId, eventRegistrations.eventId),
        eq(
          eventRegistrations.occurrenceKey,
          sql`to_char(${events.originalStart} at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')`,
        ),
      ),
    )
    .where(and(gt(events.startTime, now), lte(events.startTime, horizon)));
  const ids = new Set(
    [...(await singles), ...(await occurrences), ...(await moved)].map((r) => r.id),
  );
  return q.registrationsByIds(db, [...ids]);
}

/** The start a reminder for this registration is due for now, or null. */
function dueStart(target: Target, registration: RegistrationRow, now: Date): Date | null {
  const row = shownRow(target);
  const hours = row.reminderHours;
  if (hours === null || isCancelled(row) || row.startTime <= now) return null;
  const due = row.startTime.getTime() - hours * HOUR;
  // Whoever registered after the reminder time has the confirmation fresh in mind.
  if (due > now.getTime() || registration.createdAt.getTime() > due) return null;
  return row.startTime;
}

/**
 * Queues each reminder that is due: `reminderHours` before the start of an event or
 * occurrence, to each registration made before then, once per registration and start. Each
 * is marked in the transaction that writes its mail to the outbox (whose workers compose it,
 * with a fresh manage link, and send it); a second process marking the same one waits for the
 * first and then finds it marked.
 */
export async function queueReminders(deps: {
  db: Database;
  clock: Clock;
}): Promise<{ queued: number }> {
  const { db, clock } = deps;
  const now = clock.now();
  let queued = 0;
  for (const registration of await candidates(db, now)) {
    const id = registration.occurrenceKey
      ? `${registration.eventId}_${registration.occurrenceKey}`
      : registration.eventId;
    const target = await resolveTarget(db, id).catch(() => null);
    const startsAt = target && dueStart(target, registration, now);
    if (!target || !startsAt) continue;
    const done = await db.transaction(async (tx) => {
      // `sentAt`: when the reminder went to the outbox.
      const [marked] = await tx
        .insert(eventReminders)
        .values({ registrationId: registration.id, startsAt, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!marked) return false;
      const params: ReminderMailParams = {
        registrationId: registration.id,
        startsAt: startsAt.toISOString(),
      };
      await queueMail(tx, now, EVENT_REMINDER_MAIL, { ...params });
      return true;
    });
    if (done) queued += 1;
  }
  return { queued };
}
