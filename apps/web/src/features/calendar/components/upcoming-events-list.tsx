import type { CalendarEvent } from '@chamber/contract';
import { CalendarClockIcon, MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EventCover } from '@/components/events/event-cover';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { EVENTS_LOAD_ERROR } from '@/lib/api/calendar-events';
import { formatEventShortDate, formatEventTimeRange } from '@/lib/events/event-time';
import { useUpcomingEvents } from '@/lib/api/upcoming-events';
import { shortLocation } from '../lib/event-links';
import { useUpcomingPaging } from '../lib/scroll-paging';

/** docs/product.md#screens Calendar: future events by start, 5 at first and 5 more near the page's bottom. */
export function UpcomingEvents() {
  const query = useUpcomingEvents();
  const { visible, hasMore, showMore } = useUpcomingPaging(query.events.length);
  const count = query.events.length;

  return (
    <section aria-labelledby="upcoming-title" className="grid content-start gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="upcoming-title" className="text-xl font-semibold sm:text-2xl">
          Upcoming Events
        </h2>
        {query.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            {count === 0 ? 'No upcoming events' : `${count} ${count === 1 ? 'event' : 'events'}`}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <ul aria-label="Loading upcoming events" className="grid gap-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex gap-3 rounded-xl border bg-card p-3">
              <Skeleton className="size-20 shrink-0 rounded-lg" />
              <div className="grid flex-1 content-start gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
        >
          <p className="font-semibold">{EVENTS_LOAD_ERROR}</p>
          <p className="text-sm text-muted-foreground">{query.error.message}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : count === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <CalendarClockIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No upcoming events</p>
          <p className="text-sm text-muted-foreground">
            New luncheons and mixers are added often. Check back soon.
          </p>
        </div>
      ) : (
        <>
          <ul className="grid gap-3">
            {query.events.slice(0, visible).map((event) => (
              <li key={event.id}>
                <UpcomingEventCard event={event} />
              </li>
            ))}
          </ul>
          {hasMore ? (
            <Button type="button" variant="outline" onClick={showMore}>
              Show more events
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function UpcomingEventCard({ event }: { event: CalendarEvent }) {
  return (
    <Link
      to={paths.event.href(event.id)}
      className="group flex gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-xs transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <EventCover
        src={event.coverImageUrl}
        title={event.title}
        width={160}
        height={160}
        className="size-20 shrink-0 rounded-lg [&_svg]:size-7"
      />
      <div className="grid min-w-0 content-start gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-muted-foreground">
          {event.isAllDay ? <Badge variant="secondary">All Day</Badge> : null}
          <span>{formatEventShortDate(event)}</span>
          {event.isAllDay ? null : <span>{formatEventTimeRange(event, { zone: false })}</span>}
        </p>
        <h3 className="leading-snug font-semibold group-hover:underline">{event.title}</h3>
        {event.location ? (
          <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{shortLocation(event.location)}</span>
          </p>
        ) : null}
      </div>
    </Link>
  );
}
