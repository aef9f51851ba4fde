import type { CalendarEvent } from '@chamber/contract';
import { lazy, Suspense } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormSkeleton } from '@/components/ui/form-skeleton';
import { usePreload } from '@/lib/use-preload';
import { eventZone, zoneAbbreviation } from '@/lib/events/event-time';
import { useChamberCalendar } from '../api/get-calendar';
import { useEventCustomFields } from '../api/get-event-custom-fields';
import { eventToFormValues, newEventDefaults } from '../lib/event-form';
import type { EventDialogMode } from './use-save-event';

// The editor (its form library, recurrence rules, file field) is no part of a visitor's first
// download: it loads when a signed-in person may need it (`usePreloadEventEditor`), or on
// the first open at the latest.
const loadEditor = () => import('./event-editor');
const EventEditor = lazy(() => loadEditor().then((m) => ({ default: m.EventEditor })));

/** Starts loading the event editor once `wanted` (someone signed in who may add or edit). */
export function usePreloadEventEditor(wanted: boolean) {
  usePreload(loadEditor, wanted);
}

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
        <FormSkeleton label="Loading event" />
      ) : (
        <Suspense fallback={<FormSkeleton label="Loading the form" />}>
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
        </Suspense>
      )}
    </>
  );
}
