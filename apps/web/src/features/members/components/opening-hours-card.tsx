import {
  formatDateKey,
  formatTimeOfDay,
  hasOpeningHours,
  localMoment,
  weekdayNames,
  weekdays,
  type OpeningHours,
} from '@chamber/contract';
import { ClockIcon } from 'lucide-react';
import { OpeningStatus, useChamberZone } from '@/components/members/opening-status';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useNow } from '@/lib/render-time';
import { cn } from '@/lib/utils';

/** Monday first, as a week of opening hours is read. */
const WEEK = [...weekdays.slice(1), weekdays[0]];

/**
 * A member page's opening hours: whether it is open now, the week (today marked) and the
 * closures to come. Nothing for a business without hours.
 */
export function OpeningHoursCard({ hours }: { hours: OpeningHours | null }) {
  const zone = useChamberZone();
  const now = useNow();
  if (!hasOpeningHours(hours)) return null;
  const today = localMoment(new Date(now), zone);
  const closures = hours.closures.filter((c) => c.date >= today.date).slice(0, 5);

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <ClockIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          Opening Hours
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <OpeningStatus hours={hours} className="text-base" />
        <table className="w-full text-sm">
          <caption className="sr-only">Opening hours by day</caption>
          <tbody>
            {WEEK.map((day) => {
              const isToday = day === today.weekday;
              const intervals = hours.days[day];
              return (
                <tr key={day} className={cn('align-top', isToday && 'font-semibold')}>
                  <th scope="row" className="py-1 pr-4 text-left font-medium">
                    {weekdayNames[day]}
                    {isToday ? <span className="sr-only"> (today)</span> : null}
                  </th>
                  <td className="py-1 text-right">
                    {intervals.length === 0
                      ? 'Closed'
                      : intervals.map((i) => (
                          <span key={i.opens} className="block">
                            {formatTimeOfDay(i.opens)} – {formatTimeOfDay(i.closes)}
                          </span>
                        ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {closures.length > 0 ? (
          <div className="grid gap-1 text-sm">
            <h3 className="font-medium">Closed on</h3>
            <ul className="grid gap-1 text-muted-foreground">
              {closures.map((c) => (
                <li key={c.date}>
                  {formatDateKey(c.date, { weekday: 'short', month: 'long', day: 'numeric' })}
                  {c.note ? ` (${c.note})` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
