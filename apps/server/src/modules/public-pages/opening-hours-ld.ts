import { weekdayNames, weekdays, type OpeningHours } from '@chamber/contract';
import type { DayOfWeek, OpeningHoursSpecification } from 'schema-dts';

/**
 * A listing's opening hours as schema.org writes them: one specification per interval of a
 * weekday, and a closure as a day open from 00:00 to 00:00 (how Google reads a holiday
 * closure). The end of the day, 24:00, is written 23:59, as schema.org's consumers expect.
 */
export function openingHoursSpecification(hours: OpeningHours): OpeningHoursSpecification[] {
  const weekly = weekdays.flatMap((day) =>
    hours.days[day].map(({ opens, closes }): OpeningHoursSpecification => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${weekdayNames[day]}` as DayOfWeek,
      opens,
      closes: closes === '24:00' ? '23:59' : closes,
    })),
  );
  const closures = hours.closures.map(({ date }): OpeningHoursSpecification => ({
    '@type': 'OpeningHoursSpecification',
    opens: '00:00',
    closes: '00:00',
    validFrom: date,
    validThrough: date,
  }));
  return [...weekly, ...closures];
}
