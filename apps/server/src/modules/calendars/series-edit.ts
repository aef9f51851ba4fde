import type { updateEventSchema } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { z } from 'zod';
import {
  changedFields,
  CONTENT_FIELDS,
  type EventValues,
  readEventBody,
  valuesOf,
} from './payload.js';
import * as q from './queries.js';
import type { EventRow, EventUpdate } from './queries.js';
import { fromFloating, Recurrence, toFloating } from './recurrence.js';
import { compactUtc, parseCompactUtc } from './rule-text.js';
import { endRuleBefore, normalizeRule, remainingRule, sameRule } from './series-rules.js';
import { occurrenceId, recurrenceOf, shownRow, type Target } from './targets.js';

export type UpdateBody = z.output<typeof updateEventSchema>;

export interface EditContext {
  tx: Executor;
  now: Date;
  defaults: { calendarId: string; timezone: string };
}

const DAY = 86_400_000;
const TIMING = ['startTime', 'endTime', 'timezone', 'isAllDay'];
const EPOCH = new Date(0);
/**
 * The occurrences whose ids a series edit keeps answering for: those a year back and two
 * years ahead (the calendar shows a year back; links to later dates are rare), and any with
 * registrations, whose mails carry the link, whenever they are.
 */
const LINKS_KEPT_BEFORE = 366 * DAY;
const LINKS_KEPT_AFTER = 2 * 366 * DAY;
const MAX_RETIRED = 2000;

/**
 * How a series edit moves its occurrences: by the whole local days the edited occurrence
 * moved, onto its new local time of day. Inactive when the times did not change.
 */
class Retime {
  private readonly days: number;
  private readonly time: number;
  constructor(
    private readonly before: EventValues,
    private readonly after: EventValues,
    readonly active: boolean,
  ) {
    const from = toFloating(before.startTime, before.timezone).getTime();
    const to = toFloating(after.startTime, after.timezone).getTime();
    this.days = Math.floor(to / DAY) - Math.floor(from / DAY);
    this.time = to - Math.floor(to / DAY) * DAY;
  }

  start(old: Date): Date {
    if (!this.active) return old;
    const local = toFloating(old, this.before.timezone).getTime();
    const day = (Math.floor(local / DAY) + this.days) * DAY;
    return fromFloating(new Date(day + this.time), this.after.timezone);
  }
}

const recurrenceEndOf = (values: EventValues, rule: string, exdates: Date[] = []) =>
  new Recurrence({ ...values, rrule: rule, exdates }).lastEnd();

function contentChanges(after: EventValues, changed: Set<string>): EventUpdate {
  const content: Record<string, unknown> = {};
  for (const key of CONTENT_FIELDS) if (changed.has(key)) content[key] = after[key];
  return content as EventUpdate;
}

async function occurrenceOrSingle(tx: Executor, id: string, start: Date): Promise<Target> {
  const row = (await q.findEvent(tx, id))!;
  if (!row.rrule) return { kind: 'single', row };
  const override = (await q.findOverride(tx, id, start)) ?? null;
  return { kind: 'occurrence', series: row, override, originalStart: start };
}

/** A single event's update; a rule makes it a series (its registrations go to the first date). */
export async function updateSingle(ctx: EditContext, row: EventRow, body: UpdateBody) {
  const before = valuesOf(row);
  const after = readEventBody(body, before, ctx.defaults);
  const rule = body.rrule
    ? normalizeRule(body.rrule, after.startTime, after.endTime, after.timezone)
    : null;
  if (changedFields(before, after).size === 0 && !rule) return { kind: 'single', row } as Target;
  const recurrenceEnd = rule ? recurrenceEndOf(after, rule) : null;
  await q.updateEvent(ctx.tx, row.id, { ...after, rrule: rule, recurrenceEnd, updatedAt: ctx.now });
  if (rule) {
    const toKey = compactUtc(after.startTime);
    await q.moveRegistrations(ctx.tx, [{ fromEvent: row.id, fromKey: '', toEvent: row.id, toKey }]);
  }
  return occurrenceOrSingle(ctx.tx, row.id, after.startTime);
}

/** "Update only this event": the occurrence's override, created on its first edit. */
export async function updateOccurrence(
  ctx: EditContext,
  target: Extract<Target, { kind: 'occurrence' }>,
  body: UpdateBody,
): Promise<Target> {
  const before = valuesOf(shownRow(target));
  const after = readEventBody({ ...body, rrule: undefined }, before, ctx.defaults);
  if (changedFields(before, after).size === 0) return target;
  if (target.override) {
    // Above the series' too: the file shows an occurrence with the greater of the two.
    const sequence = Math.max(target.override.sequence, target.series.sequence) + 1;
    await q.updateEvent(ctx.tx, target.override.id, { ...after, updatedAt: ctx.now, sequence });
  } else {
    await q.insertEvent(ctx.tx, {
      ...after,
      seriesId: target.series.id,
      originalStart: target.originalStart,
      createdBy: target.series.createdBy,
      // A new version of an instance calendar apps already hold with the series' SEQUENCE.
      sequence: target.series.sequence + 1,
    });
  }
  return occurrenceOrSingle(ctx.tx, target.series.id, target.originalStart);
}

/**
 * "Update all future events" from the occurrence at `ref` (or every event with `inPlace`).
 * Fields changed relative to what the occurrence showed apply to the series; when the times
 * or the rule change, edited single occurrences from there on give way to the new series,
 * while exclusions and registrations follow their occurrence to its new date.
 */
export async function updateSeries(
  ctx: EditContext,
  series: EventRow,
  shown: EventRow,
  ref: Date,
  body: UpdateBody,
  everything: boolean,
): Promise<Target> {
  const { tx, now } = ctx;
  const before = valuesOf(shown);
  const after = readEventBody(body, before, ctx.defaults);
  const changed = changedFields(before, after);
  const timing = TIMING.some((key) => changed.has(key));
  const tz = after.timezone;
  const ruleInput = body.rrule === undefined ? series.rrule! : body.rrule || null;
  const ruleChanged = ruleInput === null || !sameRule(ruleInput, series.rrule!, tz);
  if (changed.size === 0 && !ruleChanged) return occurrenceOrSingle(tx, series.id, ref);

  const old = recurrenceOf(series);
  const inPlace = everything || ref.getTime() === series.startTime.getTime();
  const retime = new Retime(before, after, timing);
  const start = retime.start(inPlace ? series.startTime : ref);
  const localLength = timing
    ? toFloating(after.endTime, tz).getTime() - toFloating(after.startTime, tz).getTime()
    : toFloating(old.endOf(start), tz).getTime() - toFloating(start, tz).getTime();
  const end = fromFloating(new Date(toFloating(start, tz).getTime() + localLength), tz);
  const ruleText =
    ruleInput && !inPlace && !ruleChanged
      ? remainingRule(ruleInput, old.countBefore(ref))
      : ruleInput;
  const rule = ruleText ? normalizeRule(ruleText, start, end, tz, !ruleChanged) : null;
  const content = contentChanges(after, changed);
  const values = {
    ...valuesOf(series),
    ...content,
    timezone: tz,
    startTime: start,
    endTime: end,
    rrule: rule,
    updatedAt: now,
  };
  const fresh = rule ? new Recurrence({ ...values, rrule: rule, exdates: [] }) : null;
  const structural = timing || ruleChanged;
  /** The key an old occurrence's registrations move to, or null where it no longer exists. */
  const keyFor = (oldStart: Date): string | null => {
    const moved = retime.start(oldStart);
    if (fresh) return fresh.produces(moved) ? compactUtc(moved) : null;
    return moved.getTime() === start.getTime() ? '' : null;
  };
  const from = inPlace ? EPOCH : ref;
  const keptExdates = series.exdates.filter((d) => d >= from);
  const exdates = !fresh
    ? []
    : structural
      ? keptExdates.map((d) => retime.start(d)).filter((d) => fresh.produces(d))
      : keptExdates;
  const recurrenceEnd = rule ? recurrenceEndOf(values, rule, exdates) : null;

  let targetId = series.id;
  if (inPlace) {
    await q.updateEvent(tx, series.id, { ...values, exdates, recurrenceEnd });
  } else {
    const oldRule = endRuleBefore({ ...series, rrule: series.rrule! }, ref);
    const oldExdates = series.exdates.filter((d) => d < ref);
    await q.updateEvent(tx, series.id, {
      rrule: oldRule,
      exdates: oldExdates,
      recurrenceEnd: recurrenceEndOf(series, oldRule, oldExdates),
      updatedAt: now,
    });
    const created = await q.insertEvent(tx, {
      ...values,
      exdates,
      recurrenceEnd,
      createdBy: series.createdBy,
      sequence: series.sequence + 1,
    });
    targetId = created.id;
  }

  if (structural || !rule) await q.deleteOverridesFrom(tx, series.id, from);
  else {
    const moved = inPlace ? {} : { seriesId: targetId };
    await q.updateOverridesFrom(tx, series.id, from, { ...content, ...moved, updatedAt: now });
  }

  const fromKey = inPlace ? '' : compactUtc(ref);
  const moves = [];
  for (const key of await q.registrationKeys(tx, series.id)) {
    const oldStart = parseCompactUtc(key);
    if (!oldStart || key < fromKey) continue;
    const toKey = structural || !rule ? keyFor(oldStart) : key;
    if (toKey !== null && (toKey !== key || targetId !== series.id)) {
      moves.push({ fromEvent: series.id, fromKey: key, toEvent: targetId, toKey });
    }
  }
  await q.moveRegistrations(tx, moves);

  // Links to occurrences whose id changed keep working: each old id names its successor.
  const olds = old.between(
    new Date(Math.max(from.getTime(), now.getTime() - LINKS_KEPT_BEFORE)),
    new Date(now.getTime() + LINKS_KEPT_AFTER),
    MAX_RETIRED,
  );
  // The new rule's dates over the same span, expanded once (asking it date by date costs
  // an expansion each: about a second for two years of a daily series).
  const freshStarts =
    fresh && structural && olds.length > 0
      ? new Set(
          fresh
            .between(
              new Date(retime.start(olds[0]!).getTime() - DAY),
              new Date(retime.start(olds.at(-1)!).getTime() + DAY),
              2 * MAX_RETIRED,
            )
            .map((d) => d.getTime()),
        )
      : null;
  const successorOf = (oldStart: Date): string | null => {
    let key: string | null = compactUtc(oldStart);
    if (freshStarts) {
      const moved = retime.start(oldStart);
      key = freshStarts.has(moved.getTime()) ? compactUtc(moved) : null;
    } else if (structural || !rule) key = keyFor(oldStart);
    if (key === null) return null;
    return key === '' ? targetId : `${targetId}_${key}`;
  };
  const retired = new Map<string, string>();
  for (const oldStart of olds) {
    const successor = successorOf(oldStart);
    if (successor) retired.set(occurrenceId(series.id, oldStart), successor);
  }
  for (const m of moves) {
    retired.set(`${series.id}_${m.fromKey}`, m.toKey ? `${m.toEvent}_${m.toKey}` : m.toEvent);
  }
  await q.retireEventIds(
    tx,
    [...retired].map(([retiredId, successorId]) => ({ retiredId, successorId })),
    now,
  );
  const refStart = retime.start(ref);
  return occurrenceOrSingle(tx, targetId, fresh?.produces(refStart) ? refStart : start);
}
