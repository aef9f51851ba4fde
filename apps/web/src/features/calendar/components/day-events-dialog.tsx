import type { CalendarEvent } from '@chamber/contract';
import { CalendarX2Icon, PencilIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatEventTimeRange } from '@/lib/events/event-time';
import { formatDateKey, type DateKey } from '@chamber/contract';

interface DayEventsDialogProps {
  date: DateKey | null;
  events: CalendarEvent[];
  signedIn: boolean;
  /** May add events (an account the chamber has confirmed): offers 'Add Event'. */
  canAdd: boolean;
  onClose: () => void;
  onOpenEvent: (event: CalendarEvent) => void;
  onEdit: (event: CalendarEvent) => void;
  onAdd: (date: DateKey) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** docs/product.md#screens Calendar: a day's events (the grid's way in on small screens, and '+N more'). */
export function DayEventsDialog({
  date,
  events,
  signedIn,
  canAdd,
  onClose,
  onOpenEvent,
  onEdit,
  onAdd,
  onCloseAutoFocus,
}: DayEventsDialogProps) {
  return (
    <Dialog open={date !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {date ? (
          <>
            <DialogHeader>
              <DialogTitle>
                {formatDateKey(date, {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                  year: 'numeric',
                })}
              </DialogTitle>
              <DialogDescription>
                {events.length === 0
                  ? 'No events scheduled for this day'
                  : `${events.length} ${events.length === 1 ? 'event' : 'events'} scheduled`}
              </DialogDescription>
            </DialogHeader>
            {events.length === 0 ? (
              <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
                <CalendarX2Icon className="size-8" aria-hidden="true" />
                <p>A quiet day on the chamber calendar.</p>
              </div>
            ) : (
              <ul className="grid gap-2">
                {events.map((event) => (
                  <li key={event.id} className="flex items-stretch gap-2 rounded-lg border">
                    <button
                      type="button"
                      onClick={() => onOpenEvent(event)}
                      className="grid min-w-0 flex-1 cursor-pointer gap-0.5 rounded-lg p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <span className="font-semibold">{event.title}</span>
                      <span className="text-sm text-muted-foreground">
                        {formatEventTimeRange(event)}
                      </span>
                      {event.location ? (
                        <span className="truncate text-sm text-muted-foreground">
                          {event.location}
                        </span>
                      ) : null}
                    </button>
                    {signedIn && event.canEdit ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="m-1.5 self-center"
                        aria-label={`Edit ${event.title}`}
                        onClick={() => onEdit(event)}
                      >
                        <PencilIcon aria-hidden="true" />
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {canAdd ? (
              <DialogFooter>
                <Button type="button" onClick={() => onAdd(date)}>
                  <PlusIcon aria-hidden="true" />
                  Add Event
                </Button>
              </DialogFooter>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
