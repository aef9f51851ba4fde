import type { Executor } from '@chamber/db';
import { whenText } from './event-mail.js';
import { isCancelled } from './event-status.js';
import * as q from './queries.js';
import type { EventRow, RegistrationRow } from './queries.js';
import { compactUtc, parseCompactUtc } from './rule-text.js';
import { resolveTarget, shownRow, type Target } from './targets.js';

/** One thing a registrant relies on that an edit changed, in words. */
export interface Change {
  what: 'Time' | 'Place' | 'Status';
  from: string;
  to: string;
}

/** The one mail a registrant gets about an edit: what changed, and the occurrence now. */
export interface ChangeNotice {
  registration: RegistrationRow;
  target: Target;
  changes: Change[];
  cancelled: boolean;
}

/** Which occurrences of a series an edit reaches: one, from one on, or all. */
export type EditScope = { kind: 'event' } | { kind: 'from'; key: string } | { kind: 'all' };

const statusText = (row: EventRow) =>
  isCancelled(row) ? 'Cancelled' : row.status === 'tentative' ? 'Tentative' : 'Confirmed';
const placeText = (row: EventRow) => row.location.trim() || 'No place given';

/** Time, place and status: what registrants are told about when it changes. */
export function changesBetween(before: EventRow, after: EventRow): Change[] {
  const changes: Change[] = [];
  const moved =
    before.startTime.getTime() !== after.startTime.getTime() ||
    before.endTime.getTime() !== after.endTime.getTime() ||
    before.isAllDay !== after.isAllDay;
  if (moved || whenText(before) !== whenText(after)) {
    changes.push({ what: 'Time', from: whenText(before), to: whenText(after) });
  }
  if (placeText(before) !== placeText(after)) {
    changes.push({ what: 'Place', from: placeText(before), to: placeText(after) });
  }
  if (statusText(before) !== statusText(after)) {
    changes.push({ what: 'Status', from: statusText(before), to: statusText(after) });
  }
  return changes;
}

/**
 * The registrations an edit of `target` reaches, each with its occurrence as shown before the
 * edit. Occurrences that have started are left out: a change to them is no news to anyone.
 */
export async function attendingBefore(
  tx: Executor,
  target: Target,
  scope: EditScope,
  now: Date,
): Promise<Map<string, EventRow>> {
  const shown = new Map<string, EventRow>();
  if (target.kind === 'single') {
    for (const r of await q.listRegistrations(tx, target.row.id, '')) shown.set(r.id, target.row);
  } else {
    const series = target.kind === 'series' ? target.row : target.series;
    const registrations = (await q.registrationsOf(tx, series.id)).filter((r) =>
      scope.kind === 'all'
        ? true
        : scope.kind === 'from'
          ? r.occurrenceKey >= scope.key
          : target.kind === 'occurrence' && r.occurrenceKey === compactUtc(target.originalStart),
    );
    const overrides = registrations.length ? await q.overridesOf(tx, [series.id]) : [];
    for (const r of registrations) {
      const originalStart = parseCompactUtc(r.occurrenceKey);
      if (!originalStart) continue;
      const override =
        overrides.find((o) => o.originalStart?.getTime() === originalStart.getTime()) ?? null;
      shown.set(r.id, shownRow({ kind: 'occurrence', series, override, originalStart }));
    }
  }
  for (const [id, row] of shown) if (row.startTime <= now) shown.delete(id);
  return shown;
}

/**
 * After the edit (in its transaction): each registration whose occurrence changed in time,
 * place or status, with the occurrence it now belongs to (a split or a new time moved it).
 */
export async function noticesAfter(
  tx: Executor,
  before: Map<string, EventRow>,
): Promise<ChangeNotice[]> {
  if (before.size === 0) return [];
  const notices: ChangeNotice[] = [];
  for (const registration of await q.registrationsByIds(tx, [...before.keys()])) {
    const id = registration.occurrenceKey
      ? `${registration.eventId}_${registration.occurrenceKey}`
      : registration.eventId;
    // A registration whose date the new rule no longer gives stays behind with no occurrence.
    const target = await resolveTarget(tx, id).catch(() => null);
    if (!target) continue;
    const after = shownRow(target);
    const changes = changesBetween(before.get(registration.id)!, after);
    if (changes.length === 0) continue;
    notices.push({ registration, target, changes, cancelled: isCancelled(after) });
  }
  return notices;
}
