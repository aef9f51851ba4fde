import {
  addDays,
  dateKeyIn,
  formatDateKey,
  parseDateKey,
  weekdayOf,
  zonedTimeToUtc,
  type DateKey,
  localDateTime,
} from '@chamber/contract';

/** How a new event repeats; each is turned into an RFC 5545 rule from the start date. */
export const repeatKinds = ['none', 'daily', 'weekly', 'biweekly', 'monthly'] as const;
export type RepeatKind = (typeof repeatKinds)[number];

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '-1': 'last',
};

/** The start's weekday within its month: 1 to 4, or -1 for a fifth (last) one. */
function weekOfMonth(date: DateKey): number {
  const n = Math.ceil(parseDateKey(date).day / 7);
  return n >= 5 ? -1 : n;
}

/** 'Weekly on Tuesday' and so on, as the start date makes them. */
export function repeatLabel(kind: RepeatKind, startDate: DateKey): string {
  const day = startDate ? DAY_NAMES[weekdayOf(startDate)] : 'the same day';
  switch (kind) {
    case 'none':
      return 'Does not repeat';
    case 'daily':
      return 'Every day';
    case 'weekly':
      return `Every week on ${day}`;
    case 'biweekly':
      return `Every 2 weeks on ${day}`;
    case 'monthly':
      return startDate
        ? `Every month on the ${ORDINALS[String(weekOfMonth(startDate))]} ${day}`
        : 'Every month';
  }
}

/** `UNTIL` for a series ending on `until` (inclusive) on the calendar's clock. */
function untilPart(until: DateKey, timeZone: string): string {
  const end = new Date(
    zonedTimeToUtc(localDateTime(addDays(until, 1), '00:00'), timeZone).getTime() - 1000,
  );
  return `UNTIL=${end
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/**
 * The rule for a new series, or null for a single event. The start is always one of the dates
 * the rule produces, as the server requires.
 */
export function buildRrule(
  { kind, startDate, until }: { kind: RepeatKind; startDate: DateKey; until?: DateKey | null },
  timeZone: string,
): string | null {
  if (kind === 'none' || !startDate) return null;
  const code = DAY_CODES[weekdayOf(startDate)]!;
  const parts = {
    daily: ['FREQ=DAILY'],
    weekly: ['FREQ=WEEKLY', `BYDAY=${code}`],
    biweekly: ['FREQ=WEEKLY', 'INTERVAL=2', `BYDAY=${code}`],
    monthly: ['FREQ=MONTHLY', `BYDAY=${weekOfMonth(startDate)}${code}`],
  }[kind];
  if (until) parts.push(untilPart(until, timeZone));
  return parts.join(';');
}

/** A series rule in words: 'Every week on Tuesday, until June 30, 2026'. */
export function describeRrule(rrule: string | null | undefined, timeZone: string): string {
  if (!rrule) return 'Does not repeat';
  const fields = new Map(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  );
  const interval = Number(fields.get('INTERVAL') ?? 1);
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[
    fields.get('FREQ') ?? ''
  ];
  if (!unit) return 'Repeats';
  let text = interval > 1 ? `Every ${interval} ${unit}s` : `Every ${unit}`;
  const byDay = fields.get('BYDAY');
  if (byDay) {
    const days = byDay.split(',').map((d) => {
      const match = /^([+-]?\d)?([A-Z]{2})$/.exec(d);
      const name = DAY_NAMES[DAY_CODES.indexOf(match?.[2] ?? '')] ?? d;
      return match?.[1] ? `${ORDINALS[String(Number(match[1]))] ?? match[1]} ${name}` : name;
    });
    const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0];
    text += match1(byDay) ? ` on the ${list}` : ` on ${list}`;
  } else if (fields.get('BYMONTHDAY')) {
    text += ` on day ${fields.get('BYMONTHDAY')}`;
  }
  const until = fields.get('UNTIL');
  const count = fields.get('COUNT');
  const untilDate = until ? untilDay(until, timeZone) : null;
  if (untilDate) {
    text += `, until ${formatDateKey(untilDate, { month: 'long', day: 'numeric', year: 'numeric' })}`;
  } else if (count) {
    text += `, ${count} times`;
  }
  return text;
}

const match1 = (byDay: string) => /^[+-]?\d/.test(byDay);

/** The last day of a series on the calendar's clock, from UNTIL (a UTC instant or a date). */
function untilDay(until: string, timeZone: string): DateKey | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(until);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!m[7]) return date;
  return dateKeyIn(new Date(`${date}T${m[4]}:${m[5]}:${m[6]}Z`), timeZone);
}
