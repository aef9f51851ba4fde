import { AppError } from '../../lib/errors.js';

/**
 * The subset of RFC 5545 RRULE the calendar accepts. Every rule in it produces occurrences
 * forever (or until its end), never stalls: the rrule library walks period by period until
 * year 9999 looking for a date a rule like "February 30th" never yields, which takes seconds.
 * So combinations that can be empty are refused here rather than cut off later:
 * - DAILY and WEEKLY take plain weekdays only;
 * - MONTHLY takes BYMONTHDAY, or BYDAY with ordinals 1..4 or -1..-4 (every month has four of
 *   each weekday), or plain BYDAY with BYSETPOS ±1..4; days 29 to 31 need INTERVAL below 12;
 * - YEARLY repeats the start's month and day, or takes BYMONTH with BYDAY as MONTHLY does.
 */
export interface RuleParts {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  count?: number;
  /** As written: YYYYMMDD, YYYYMMDDTHHMMSS (wall clock) or YYYYMMDDTHHMMSSZ. */
  until?: string;
  byMonth?: number[];
  byMonthDay?: number[];
  byDay?: string[];
  bySetPos?: number[];
  wkst?: string;
}

export const MAX_COUNT = 730;
const MAX_INTERVAL = { DAILY: 366, WEEKLY: 52, MONTHLY: 12, YEARLY: 10 } as const;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const UNTIL = /^\d{8}(T\d{6}Z?)?$/;

const invalid = (detail: string) =>
  new AppError('validation_failed', `The repeat rule is not supported: ${detail}.`);

/** A comma list of integers whose size is min..max; `signed` allows negatives (from the end). */
function integers(value: string, key: string, min: number, max: number, signed = false): number[] {
  const list = value.split(',').map((v) => {
    if (!(signed ? /^[+-]?\d{1,4}$/ : /^\d{1,4}$/).test(v)) throw invalid(`${key}=${value}`);
    const n = Number(v);
    if (Math.abs(n) < min || Math.abs(n) > max) throw invalid(`${key}=${value}`);
    return n;
  });
  return [...new Set(list)];
}

function integer(value: string, key: string, max: number): number {
  if (value.includes(',')) throw invalid(`${key}=${value}`);
  return integers(value, key, 1, max)[0]!;
}

function weekdays(value: string, ordinals: boolean): string[] {
  const list = value.split(',').map((v) => {
    const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(v);
    if (!m) throw invalid(`BYDAY=${value}`);
    if (m[1] !== undefined) {
      const n = Number(m[1]);
      if (!ordinals || n === 0 || Math.abs(n) > 4) throw invalid(`BYDAY=${value}`);
      return `${n}${m[2]}`;
    }
    return m[2]!;
  });
  return [...new Set(list)];
}

/** Parses and checks a rule (with or without `RRULE:`); throws 400 with the reason. */
export function parseRuleText(input: string): RuleParts {
  const text = input
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!text || text.length > 500) throw invalid('empty or too long');
  const fields = new Map<string, string>();
  for (const pair of text.split(';')) {
    const [key, value, extra] = pair.split('=');
    if (!key || !value || extra !== undefined) throw invalid(pair || 'empty part');
    if (fields.has(key)) throw invalid(`${key} given twice`);
    fields.set(key, value);
  }
  const freq = fields.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') {
    throw invalid(freq ? `FREQ=${freq}` : 'FREQ is missing');
  }
  const parts: RuleParts = { freq, interval: 1 };
  for (const [key, value] of fields) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL':
        parts.interval = integer(value, key, MAX_INTERVAL[freq]);
        break;
      case 'COUNT':
        parts.count = integer(value, key, MAX_COUNT);
        break;
      case 'UNTIL':
        if (!UNTIL.test(value)) throw invalid(`UNTIL=${value}`);
        parts.until = value;
        break;
      case 'BYMONTH':
        parts.byMonth = integers(value, key, 1, 12);
        break;
      case 'BYMONTHDAY':
        parts.byMonthDay = integers(value, key, 1, 31, true);
        break;
      case 'BYDAY':
        parts.byDay = weekdays(value, freq === 'MONTHLY' || freq === 'YEARLY');
        break;
      case 'BYSETPOS':
        parts.bySetPos = integers(value, key, 1, 4, true);
        break;
      case 'WKST':
        if (!WEEKDAYS.includes(value)) throw invalid(`WKST=${value}`);
        parts.wkst = value;
        break;
      default:
        throw invalid(`${key} is not supported`);
    }
  }
  checkCombination(parts);
  return parts;
}

function checkCombination(p: RuleParts) {
  if (p.count !== undefined && p.until !== undefined) throw invalid('COUNT and UNTIL together');
  const ordinal = p.byDay?.some((d) => d.length > 2) ?? false;
  if (p.byMonth && p.freq !== 'YEARLY') throw invalid('BYMONTH needs FREQ=YEARLY');
  if (p.freq === 'YEARLY' && (p.byMonth ? !p.byDay : p.byDay)) {
    throw invalid('a yearly rule takes BYMONTH and BYDAY together, or neither');
  }
  if (p.byMonthDay) {
    if (p.freq !== 'MONTHLY') throw invalid('BYMONTHDAY needs FREQ=MONTHLY');
    if (ordinal) throw invalid('BYMONTHDAY with a numbered BYDAY');
    if (p.interval >= 12 && p.byMonthDay.some((d) => Math.abs(d) > 28)) {
      throw invalid('days 29 to 31 need an INTERVAL below 12');
    }
  }
  if (p.bySetPos && (!p.byDay || ordinal || p.byMonthDay || p.freq === 'DAILY')) {
    throw invalid('BYSETPOS needs plain BYDAY days in a monthly or yearly rule');
  }
  if (p.bySetPos && p.freq === 'WEEKLY') throw invalid('BYSETPOS in a weekly rule');
}

/** The canonical text: fixed order, INTERVAL=1 left out, so equal rules compare equal. */
export function formatRuleText(p: RuleParts): string {
  const out = [`FREQ=${p.freq}`];
  if (p.interval !== 1) out.push(`INTERVAL=${p.interval}`);
  if (p.count !== undefined) out.push(`COUNT=${p.count}`);
  if (p.until !== undefined) out.push(`UNTIL=${p.until}`);
  if (p.byMonth) out.push(`BYMONTH=${p.byMonth.join(',')}`);
  if (p.byMonthDay) out.push(`BYMONTHDAY=${p.byMonthDay.join(',')}`);
  if (p.byDay) out.push(`BYDAY=${p.byDay.join(',')}`);
  if (p.bySetPos) out.push(`BYSETPOS=${p.bySetPos.join(',')}`);
  if (p.wkst) out.push(`WKST=${p.wkst}`);
  return out.join(';');
}

/** A UTC instant as an RRULE/iCalendar UTC date-time: 20260317T133000Z. */
export function compactUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The inverse of `compactUtc`; null when the text is not one. */
export function parseCompactUtc(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return compactUtc(date) === text ? date : null;
}
