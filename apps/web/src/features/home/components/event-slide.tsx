import type { CalendarEvent } from '@chamber/contract';
import { CalendarDaysIcon, ClockIcon, MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EventCover } from '@/components/events/event-cover';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatEventDate, formatEventTimeRange } from '@/lib/events/event-time';

/**
 * An upcoming event on the carousel (docs/product.md#screens Home): label, title, long weekday date,
 * description, location and cover image (the default artwork without one, or when the image
 * cannot be loaded), and View Event Details.
 */
export function EventSlide({ event }: { event: CalendarEvent }) {
  return (
    <div className="grid w-full grid-cols-1 bg-card md:grid-cols-2">
      <div className="relative aspect-[2/1] md:order-last md:aspect-auto">
        <EventCover
          src={event.coverImageUrl}
          title={event.title}
          width={1200}
          height={675}
          className="absolute inset-0 size-full"
        />
      </div>
      <div className="mx-auto grid w-full max-w-2xl min-w-0 grid-cols-1 content-center justify-items-start gap-4 px-5 py-8 sm:px-10 md:py-14">
        <Badge>UPCOMING EVENT</Badge>
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {event.title}
        </h2>
        <ul className="grid gap-2 text-muted-foreground">
          <li className="flex gap-2">
            <CalendarDaysIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="font-medium text-foreground">{formatEventDate(event)}</span>
          </li>
          <li className="flex gap-2">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            {formatEventTimeRange(event)}
          </li>
          {event.location ? (
            <li className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              {event.location}
            </li>
          ) : null}
        </ul>
        {event.description ? (
          <p className="line-clamp-3 max-w-xl whitespace-pre-line">{event.description}</p>
        ) : null}
        <Button asChild size="lg">
          <Link to={paths.calendar.href()}>View Event Details</Link>
        </Button>
      </div>
    </div>
  );
}
