import type { Executor } from '@chamber/db';
import { type IcsEntry, icsEntryFor } from '../ical/index.js';
import { whenText } from './mail-words.js';
import {
  calendarQueries as q,
  compactUtc,
  type EditScope,
  type EventRow,
  isCancelled,
  parseCompactUtc,
  type RegistrationRow,
  resolveTarget,
  shownRow,
  type Target,
} from '../calendars/index.js';

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
  /**
   * The calendar entry the registrant held before the edit, when the edit gave the
   * occurrence another UID ("all future events" split it off into a series of its own):
   * the notice cancels it as well as sending the new entry.
   */
  formerly: IcsEntry | null;
}

/** What an edit reached: a registration's occurrence as shown before it, and where it was. */
export interface Attending {
  row: EventRow;
  target: Target;
  /**
   * Its calendar entry before the edit, for an edit from one occurrence on (the one kind
   * that may split the series and give it another UID). Read before: the split rewrites
   * the history of ids that the entry's RECURRENCE-ID is read from.
   */
  entry: IcsEntry | null;
}

/** The UID a calendar app knows an event or occurrence by: the event's, or its series'. */
const uidOf = (target: Target) => (target.kind === 'occurrence' ? target.series.id : target.row.id);

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
): Promise<Map<string, Attending>> {
  const shown = new Map<string, Attending>();
  if (target.kind === 'single') {
    for (const r of await q.listRegistrations(tx, target.row.id, '')) {
      shown.set(r.id, { row: target.row, target, entry: null });
    }
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
      const occurrence: Target = { kind: 'occurrence', series, override, originalStart };
      const row = shownRow(occurrence);
      if (row.startTime <= now) continue;
      const entry = scope.kind === 'from' ? await icsEntryFor(tx, occurrence) : null;
      shown.set(r.id, { row, target: occurrence, entry });
    }
  }
  for (const [id, { row }] of shown) if (row.startTime <= now) shown.delete(id);
  return shown;
}

/**
 * After the edit (in its transaction): each registration whose occurrence changed in time,
 * place or status, or moved to another calendar identity (a split), with the occurrence it
 * now belongs to (a split or a new time moved it).
 */
export async function noticesAfter(
  tx: Executor,
  before: Map<string, Attending>,
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
    const was = before.get(registration.id)!;
    const changes = changesBetween(was.row, after);
    // The registrant's calendar holds the entry under the old UID: without a word it would
    // keep it, and a later notice of the new one would add a second entry.
    const moved = uidOf(was.target) !== uidOf(target);
    if (changes.length === 0 && !moved) continue;
    notices.push({
      registration,
      target,
      changes,
      cancelled: isCancelled(after),
      formerly: moved ? was.entry : null,
    });
  }
  return notices;
}
