/** Building a formatter costs about half a millisecond; calendar expansion needs thousands. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const DAY = 86_400_000;
const MAX_CACHED_DAYS = 50_000;
/**
 * The offset of each UTC day of a zone, or null for a day in which it changes. A month of a
 * weekly series asks for the offset dozens of times per occurrence, and formatToParts costs
 * about ten microseconds; a day's offset is two calls once. Days with a change (two a year
 * where daylight saving applies) are computed exactly every time.
 */
const offsetsByDay = new Map<string, Map<number, number | null>>();

/** Offset in minutes of `timeZone` from UTC at the instant `date`. */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const day = Math.floor(date.getTime() / DAY);
  let days = offsetsByDay.get(timeZone);
  if (!days || days.size > MAX_CACHED_DAYS) {
    days = new Map();
    offsetsByDay.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    const start = exactOffsetMinutes(new Date(day * DAY), timeZone);
    const end = exactOffsetMinutes(new Date((day + 1) * DAY - 1), timeZone);
    offset = start === end ? start : null;
    days.set(day, offset);
  }
  return offset ?? exactOffsetMinutes(date, timeZone);
}

function exactOffsetMinutes(date: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - date.getTime()) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time. */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute?: number },
  timeZone: string,
): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute ?? 0);
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000;
  guess = naive - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The calendar date in `timeZone` at the instant `date`. */
export function zonedDate(
  date: Date,
  timeZone: string,
): { year: number; month: number; day: number } {
  const shifted = new Date(date.getTime() + zoneOffsetMinutes(date, timeZone) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}
