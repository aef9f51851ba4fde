import type { CalendarEvent } from '@chamber/contract';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { eventZone, zoneAbbreviation } from '@/lib/events/event-time';
import { useChamberCalendar } from '../api/get-calendar';
import { useEventCustomFields } from '../api/get-event-custom-fields';
import { eventToFormValues, newEventDefaults } from '../lib/event-form';
import { EventEditor } from './event-editor';
import type { EventDialogMode } from './use-save-event';

interface EventFormDialogProps {
  mode: EventDialogMode | null;
  onClose: () => void;
  onDone?: (saved: CalendarEvent | null) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The create/edit event dialog. Editing first reads the event's custom fields fresh (docs/product.md#api-calls),
 * so the links shown are the stored ones.
 */
export function EventFormDialog({ mode, onClose, onDone, onCloseAutoFocus }: EventFormDialogProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={onCloseAutoFocus}
        onInteractOutside={(e) => e.preventDefault()}
      >
        {mode ? (
          <DialogBody
            key={mode.kind === 'edit' ? mode.event.id : 'new'}
            mode={mode}
            onClose={onClose}
            onDone={onDone}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DialogBody({
  mode,
  onClose,
  onDone,
}: {
  mode: EventDialogMode;
  onClose: () => void;
  onDone?: (saved: CalendarEvent | null) => void;
}) {
  const { timeZone: calendarZone } = useChamberCalendar();
  const event = mode.kind === 'edit' ? mode.event : null;
  const custom = useEventCustomFields(event?.id ?? null);
  const timeZone = event ? eventZone(event) : calendarZone;

  // The editor reads these once, when it mounts.
  const initial = event
    ? eventToFormValues({ ...event, ...(custom.data ?? {}) }, timeZone)
    : newEventDefaults({
        now: new Date(),
        timeZone,
        date: mode.kind === 'create' ? mode.date : undefined,
      });

  const zoneLabel = zoneAbbreviation(event?.startTime ?? new Date().toISOString(), timeZone);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{event ? 'Edit Event' : 'Create Event'}</DialogTitle>
        <DialogDescription>
          {event
            ? `Changes to “${event.title}” show on the calendar as soon as you save.`
            : 'Fields marked * are required. Times are on the chamber’s clock.'}
        </DialogDescription>
      </DialogHeader>
      {event && custom.isPending ? (
        <div className="grid gap-4" aria-label="Loading event" role="status">
          <Skeleton className="h-10" />
          <Skeleton className="h-24" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <EventEditor
          mode={mode}
          initial={initial}
          timeZone={timeZone}
          zoneLabel={zoneLabel}
          onCancel={onClose}
          onDone={(saved) => {
            onDone?.(saved);
            onClose();
          }}
        />
      )}
    </>
  );
}
