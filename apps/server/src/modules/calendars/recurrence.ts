import rrulePackage from 'rrule';
import { zoneOffsetMinutes, zonedTimeToUtc } from '@chamber/contract';
import { compactUtc, formatRuleText, parseRuleText, type RuleParts } from './rule-text.js';

const { RRule } = rrulePackage;
type Rule = InstanceType<typeof RRule>;

const DAY = 86_400_000;

/**
 * Wall-clock ("floating") time: a Date whose UTC fields show the local time in a zone. The
 * rule is expanded in floating time, so a 7:30 breakfast stays at 7:30 across daylight-saving
 * changes, and each occurrence is then placed in the zone.
 */
export function toFloating(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
}

export function fromFloating(floating: Date, timeZone: string): Date {
  const instant = zonedTimeToUtc(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
    },
    timeZone,
  );
  return new Date(instant.getTime() + floating.getUTCSeconds() * 1000);
}

/** What expansion needs of a series row. */
export interface SeriesTiming {
  startTime: Date;
  endTime: Date;
  timezone: string;
  rrule: string;
  exdates: Date[];
}

/** The rule's UNTIL as an instant: a date means through that local day. */
export function untilInstant(until: string, timeZone: string): Date {
  const y = Number(until.slice(0, 4));
  const mo = Number(until.slice(4, 6));
  const d = Number(until.slice(6, 8));
  if (until.length === 8) {
    return new Date(
      zonedTimeToUtc({ year: y, month: mo, day: d + 1, hour: 0 }, timeZone).getTime() - 1000,
    );
  }
  const h = Number(until.slice(9, 11));
  const mi = Number(until.slice(11, 13));
  const s = Number(until.slice(13, 15));
  if (until.endsWith('Z')) return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const local = zonedTimeToUtc({ year: y, month: mo, day: d, hour: h, minute: mi }, timeZone);
  return new Date(local.getTime() + s * 1000);
}

type RuleOptions = ReturnType<typeof RRule.parseString>;

function ruleOptions(parts: RuleParts, start: Date, timeZone: string): RuleOptions {
  const { until, ...rest } = parts;
  const options = RRule.parseString(formatRuleText(rest));
  options.dtstart = toFloating(start, timeZone);
  if (until) options.until = toFloating(untilInstant(until, timeZone), timeZone);
  return options;
}

/**
 * The same rule started later: at a whole number of periods (days, weeks, months or years
 * times INTERVAL) after its start and at least one period before `target`. The rrule library
 * walks every period from the start, which for a daily series begun years ago costs a tenth
 * of a second a request; from a nearby start it costs nothing. Months and years restart on
 * their first day, with the start's month and day made explicit where the rule took them from
 * the start. Rules with COUNT are never moved: the count runs from the real start.
 */
function fastForward(options: RuleOptions, target: Date): RuleOptions {
  const start = options.dtstart!;
  const interval = options.interval ?? 1;
  if (options.count || target <= start) return options;
  const freq = options.freq;
  if (freq === RRule.DAILY || freq === RRule.WEEKLY) {
    const period = interval * (freq === RRule.WEEKLY ? 7 : 1) * DAY;
    const periods = Math.floor((target.getTime() - start.getTime()) / period) - 1;
    if (periods < 1) return options;
    return { ...options, dtstart: new Date(start.getTime() + periods * period) };
  }
  const months =
    (target.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    target.getUTCMonth() -
    start.getUTCMonth();
  const step = freq === RRule.MONTHLY ? interval : interval * 12;
  const periods = Math.floor(months / step) - 1;
  if (periods < 1) return options;
  const moved = { ...options };
  moved.dtstart = new Date(
    Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + periods * step,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ),
  );
  const hasDays = options.byweekday != null || options.bymonthday != null;
  if (!hasDays) moved.bymonthday = [start.getUTCDate()];
  if (freq === RRule.YEARLY && options.bymonth == null) moved.bymonth = [start.getUTCMonth() + 1];
  return moved;
}

/** The expander of one series. Building it parses the stored rule once. */
export class Recurrence {
  private readonly options: RuleOptions;
  /** Wall-clock length, so an all-day or evening event keeps its local end time too. */
  private readonly localDuration: number;
  private readonly excluded: Set<number>;

  /**
   * `recurrenceEnd`, the stored end of the last occurrence, turns a COUNT into an end date,
   * so expansion can start near the window instead of at the first occurrence.
   */
  constructor(
    private readonly series: SeriesTiming,
    recurrenceEnd?: Date | null,
  ) {
    const tz = series.timezone;
    const parts = parseRuleText(series.rrule);
    this.localDuration =
      toFloating(series.endTime, tz).getTime() - toFloating(series.startTime, tz).getTime();
    if (parts.count !== undefined && recurrenceEnd) {
      const lastStart = fromFloating(
        new Date(toFloating(recurrenceEnd, tz).getTime() - this.localDuration),
        tz,
      );
      delete parts.count;
      parts.until = compactUtc(lastStart);
    }
    this.options = ruleOptions(parts, series.startTime, tz);
    this.excluded = new Set(series.exdates.map((d) => d.getTime()));
  }

  private ruleNear(floating: Date): Rule {
    return new RRule(fastForward(this.options, floating));
  }

  /** The end of the occurrence that starts (by the rule) at `start`. */
  endOf(start: Date): Date {
    const tz = this.series.timezone;
    return fromFloating(new Date(toFloating(start, tz).getTime() + this.localDuration), tz);
  }

  isExcluded(start: Date): boolean {
    return this.excluded.has(start.getTime());
  }

  /**
   * Original starts of the occurrences overlapping [from, to), exclusions left out, at most
   * `limit` of them.
   */
  between(from: Date, to: Date, limit: number): Date[] {
    const tz = this.series.timezone;
    const after = new Date(toFloating(from, tz).getTime() - this.localDuration - DAY);
    const before = new Date(toFloating(to, tz).getTime() + DAY);
    const found: Date[] = [];
    this.ruleNear(after).between(after, before, true, (floating) => {
      const start = fromFloating(floating, tz);
      if (start < to && this.endOf(start) > from && !this.isExcluded(start)) found.push(start);
      return found.length < limit;
    });
    return found;
  }

  /** Whether the rule gives an occurrence starting exactly at `start` (exclusions aside). */
  produces(start: Date): boolean {
    const tz = this.series.timezone;
    const floating = toFloating(start, tz);
    // Wide enough for a start in the hour a daylight-saving change skips.
    const after = new Date(floating.getTime() - 3 * 3_600_000);
    const near = this.ruleNear(after).between(
      after,
      new Date(floating.getTime() + 3 * 3_600_000),
      true,
    );
    return near.some((f) => fromFloating(f, tz).getTime() === start.getTime());
  }

  /** How many occurrences the rule gives before `start` (exclusions included, as COUNT is). */
  countBefore(start: Date): number {
    const tz = this.series.timezone;
    const end = new Date(toFloating(start, tz).getTime() - 1000);
    return new RRule(this.options).between(this.options.dtstart!, end, true).length;
  }

  /** The start of the last occurrence the rule gives before `start`, or null for none. */
  lastBefore(start: Date): Date | null {
    const tz = this.series.timezone;
    const found = new RRule(this.options).before(toFloating(start, tz), false);
    return found ? fromFloating(found, tz) : null;
  }

  /** The start of the last occurrence, or null for a rule without end. */
  lastStart(): Date | null {
    const { count, until, dtstart } = this.options;
    if (!count && !until) return null;
    let last: Date | null | undefined;
    if (count) last = new RRule(this.options).all().at(-1);
    else {
      // Look back from the end in growing steps instead of walking from the start.
      for (let span = 400 * DAY; !last; span *= 4) {
        const from = new Date(Math.max(until!.getTime() - span, dtstart!.getTime()));
        last = this.ruleNear(from).before(until!, true);
        if (from.getTime() === dtstart!.getTime()) break;
      }
    }
    return last ? fromFloating(last, this.series.timezone) : null;
  }

  /** The end of the last occurrence, or null for a rule without end. */
  lastEnd(): Date | null {
    const last = this.lastStart();
    return last ? this.endOf(last) : null;
  }
}
