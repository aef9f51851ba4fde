import type { CalendarEvent } from '@chamber/contract';
import { ClockIcon, MapPinIcon, PencilIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EventCover } from '@/components/events/event-cover';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { formatEventDate, formatEventTimeRange } from '@/lib/events/event-time';
import { useHasPassed } from '../lib/countdown';
import { REGISTERED_KEY, useEventFlag } from '../lib/event-flags';
import { attendeesLabel, registerHref } from '../lib/event-links';
import { Countdown } from './countdown';
import { EventWebsiteButton } from './event-website-button';

interface EventDetailDialogProps {
  event: CalendarEvent | null;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** docs/product.md#screens Calendar: the event's detail dialog, opened from its title in the grid. */
export function EventDetailDialog({
  event,
  onClose,
  onEdit,
  onCloseAutoFocus,
}: EventDetailDialogProps) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        className="max-w-xl gap-0 p-0 [&>button:last-child]:bg-background/90 [&>button:last-child]:text-foreground [&>button:last-child]:shadow-sm"
      >
        {event ? <Body event={event} onEdit={onEdit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Body({ event, onEdit }: { event: CalendarEvent; onEdit: (event: CalendarEvent) => void }) {
  const { isAuthenticated } = useAuth();
  const [registered] = useEventFlag(REGISTERED_KEY, event.id);
  const started = useHasPassed(event.startTime);

  return (
    <>
      <div className="relative isolate overflow-hidden rounded-t-xl text-white">
        <EventCover
          mark={false}
          src={event.coverImageUrl}
          className="absolute inset-0 -z-20 size-full"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/60 to-black/25"
        />
        <div className="grid gap-2 px-6 pt-16 pb-5">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium">
            <ClockIcon className="size-4" aria-hidden="true" />
            {formatEventDate(event)} · {formatEventTimeRange(event)}
          </p>
          <DialogTitle className="text-2xl font-bold text-balance">{event.title}</DialogTitle>
          {event.location ? (
            <p className="flex items-start gap-2 text-sm">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {event.location}
            </p>
          ) : null}
          <Countdown startTime={event.startTime} tone="inverse" className="mt-2" />
        </div>
      </div>
      <div className="grid gap-4 px-6 py-5">
        <DialogDescription className="text-base whitespace-pre-line text-foreground">
          {event.description || 'More details coming soon.'}
        </DialogDescription>
        {event.attendeeCount > 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UsersIcon className="size-4" aria-hidden="true" />
            {attendeesLabel(event.attendeeCount)}
          </p>
        ) : null}
        {event.seatsLeft === 0 ? (
          <p className="font-semibold text-destructive">Sold out</p>
        ) : event.seatsLeft !== null ? (
          <p className="text-sm text-muted-foreground">
            {event.seatsLeft} {event.seatsLeft === 1 ? 'seat' : 'seats'} left
          </p>
        ) : null}
        {!registered && !started && event.status !== 'cancelled' ? (
          <Button asChild size="lg" className="w-full sm:w-fit">
            <Link to={registerHref(event.id)}>
              {event.seatsLeft === 0 ? 'Join the Waiting List' : 'Register Now'}
            </Link>
          </Button>
        ) : registered ? (
          <p className="font-medium text-success">You're registered for this event.</p>
        ) : null}
      </div>
      <DialogFooter className="border-t px-6 py-4">
        <DialogClose asChild>
          <Button type="button" variant="ghost" className="sm:mr-auto">
            Close
          </Button>
        </DialogClose>
        {isAuthenticated && event.canEdit ? (
          <Button type="button" variant="outline" onClick={() => onEdit(event)}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {event.pageUrl ? <EventWebsiteButton url={event.pageUrl} /> : null}
        <Button asChild>
          <Link to={paths.event.href(event.id)}>View Full Details</Link>
        </Button>
      </DialogFooter>
    </>
  );
}
