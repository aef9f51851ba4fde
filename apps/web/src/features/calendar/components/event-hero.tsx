import type { Appointment } from '@chamber/contract';
import { CalendarDaysIcon, ClockIcon, HeartIcon, MapPinIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EventCover } from '@/components/events/event-cover';
import { HeroBackLink } from '@/components/layout/hero-back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatEventDate, formatEventTimeRange } from '@/lib/events/event-time';
import { cn } from '@/lib/utils';
import { FAVORITES_KEY, useEventFlag } from '../lib/event-flags';
import { Countdown } from './countdown';
import { RegisterButton } from './register-button';
import { ShareButton } from './share-button';

interface EventHeroProps {
  event: Appointment;
  canRegister: boolean;
  onRegister: () => void;
  onEdit: (() => void) | null;
}

const inverse =
  'border-white/60 bg-black/25 text-white hover:bg-black/45 hover:text-white focus-visible:outline-white';

/** docs/product.md#screens Event detail hero: cover, when and where, countdown and the page's actions. */
export function EventHero({ event, canRegister, onRegister, onEdit }: EventHeroProps) {
  const [favourite, setFavourite] = useEventFlag(FAVORITES_KEY, event.id);

  return (
    <section
      aria-labelledby="event-title"
      className="relative isolate overflow-hidden border-b bg-neutral-900 text-white"
    >
      <EventCover
        mark={false}
        src={event.coverImageUrl}
        priority
        className="absolute inset-0 -z-20 size-full"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-black/90 via-black/65 to-black/35"
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-6 pb-10 sm:px-6 sm:pb-14">
        <HeroBackLink to={paths.calendar.href()}>Back to Calendar</HeroBackLink>
        <div className="grid max-w-3xl gap-4 pt-10 sm:pt-16">
          <div className="flex flex-wrap items-center gap-2">
            {event.isAllDay ? <Badge className="bg-white text-neutral-900">All Day</Badge> : null}
            {event.status === 'cancelled' ? <Badge variant="destructive">Cancelled</Badge> : null}
          </div>
          <h1
            id="event-title"
            className="text-3xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {event.title}
          </h1>
          <ul className="grid gap-1.5 text-base sm:text-lg">
            <li className="flex items-center gap-2">
              <CalendarDaysIcon className="size-5 shrink-0" aria-hidden="true" />
              {formatEventDate(event)}
            </li>
            <li className="flex items-center gap-2">
              <ClockIcon className="size-5 shrink-0" aria-hidden="true" />
              {formatEventTimeRange(event)}
            </li>
            {event.location ? (
              <li className="flex items-start gap-2">
                <MapPinIcon className="mt-1 size-5 shrink-0" aria-hidden="true" />
                {event.location}
              </li>
            ) : null}
          </ul>
          {event.description ? (
            <p className="line-clamp-3 max-w-2xl text-white/90">{event.description}</p>
          ) : null}
          <Countdown startTime={event.startTime} tone="inverse" />
          <div className="flex flex-wrap gap-2 pt-2">
            {canRegister ? (
              <RegisterButton
                eventId={event.id}
                onRegister={onRegister}
                size="lg"
                className="bg-white text-neutral-900 hover:bg-white/90 focus-visible:outline-white"
              >
                {event.seatsLeft === 0 ? 'Join the Waiting List' : 'Register Now'}
              </RegisterButton>
            ) : null}
            <Button asChild variant="outline" size="lg" className={inverse}>
              <Link to={paths.calendar.href()}>Back</Link>
            </Button>
            {onEdit ? (
              <Button
                type="button"
                variant="outline"
                size="lg"
                className={inverse}
                onClick={onEdit}
              >
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="lg"
              className={inverse}
              aria-pressed={favourite}
              onClick={() => setFavourite(!favourite)}
            >
              <HeartIcon
                aria-hidden="true"
                className={cn(favourite && 'fill-current text-red-400')}
              />
              Favourite
            </Button>
            <ShareButton title={event.title} className={cn('h-11 px-6 text-base', inverse)} />
          </div>
        </div>
      </div>
    </section>
  );
}
