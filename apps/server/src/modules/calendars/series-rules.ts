import { AppError } from '../../lib/errors.js';
import { Recurrence, type SeriesTiming, toFloating, untilInstant } from './recurrence.js';
import { compactUtc, formatRuleText, parseRuleText, type RuleParts } from './rule-text.js';

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** A rule in its stored form: the canonical text of rule-text.ts, UNTIL as a UTC instant. */
export function canonicalRule(input: string, timeZone: string): RuleParts {
  const parts = parseRuleText(input);
  if (parts.until && parts.until.length !== 16) {
    parts.until = compactUtc(untilInstant(parts.until, timeZone));
  }
  return parts;
}

export const sameRule = (a: string, b: string, timeZone: string) =>
  formatRuleText(canonicalRule(a, timeZone)) === formatRuleText(canonicalRule(b, timeZone));

/**
 * Checks a rule for a series starting at `start` and answers its stored text: the start
 * must be the first date it gives. A weekly rule on one weekday follows the start to another
 * weekday when `followStart` is set (a series moved by an edit of its dates alone).
 */
export function normalizeRule(
  input: string,
  start: Date,
  end: Date,
  timeZone: string,
  followStart = false,
): string {
  const parts = canonicalRule(input, timeZone);
  const weekday = WEEKDAYS[toFloating(start, timeZone).getUTCDay()]!;
  if (followStart && parts.freq === 'WEEKLY' && parts.byDay?.length === 1) {
    parts.byDay = [weekday];
  }
  if (parts.until && untilInstant(parts.until, timeZone) < start) {
    throw new AppError('validation_failed', 'The repeat rule ends before the event starts.');
  }
  const text = formatRuleText(parts);
  const timing = { startTime: start, endTime: end, timezone: timeZone, exdates: [] };
  const recurrence = new Recurrence({ ...timing, rrule: text });
  if (!recurrence.produces(start)) {
    throw new AppError(
      'validation_failed',
      'The start date must be one of the dates the repeat rule gives (for example a Tuesday for BYDAY=TU).',
    );
  }
  return text;
}

/**
 * The series' rule ending with its last occurrence before `start` (COUNT replaced by UNTIL):
 * UNTIL is that occurrence's start, so every reader of the rule, rrule's own UNTIL handling
 * included, ends the series on the same date.
 */
export function endRuleBefore(series: SeriesTiming, start: Date): string {
  const parts = parseRuleText(series.rrule);
  const last = new Recurrence(series).lastBefore(start);
  delete parts.count;
  parts.until = compactUtc(last ?? new Date(start.getTime() - 1000));
  return formatRuleText(parts);
}

/** The rule with COUNT lowered by `used` occurrences, for the part of a series after a split. */
export function remainingRule(text: string, used: number): string | null {
  const parts = parseRuleText(text);
  if (parts.count === undefined) return text;
  if (parts.count - used < 1) return null;
  parts.count -= used;
  return formatRuleText(parts);
}
