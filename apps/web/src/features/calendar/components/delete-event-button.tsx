import type { CalendarEvent } from '@chamber/contract';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDeleteEvent } from '../api/delete-event';
import { RecurringChoiceDialog } from './recurring-choice-dialog';
import type { RecurringChoice } from './use-save-event';

/**
 * Deletes an event after a confirmation; for an event of a series, asks whether only it or it
 * and every later one go.
 */
export function DeleteEventButton({
  event,
  onDeleted,
  className,
}: {
  event: CalendarEvent;
  onDeleted: () => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent();

  async function confirm(choice?: RecurringChoice) {
    try {
      await remove.mutateAsync({
        id: event.id,
        scope: choice === 'this_event' ? undefined : choice,
      });
      setOpen(false);
      toast.success('Event deleted');
      onDeleted();
    } catch (error) {
      setOpen(false);
      toast.error(error instanceof Error ? error.message : 'Failed to delete calendar event');
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        className={`text-destructive hover:bg-destructive/10 hover:text-destructive ${className ?? ''}`}
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      {event.isRecurring ? (
        <RecurringChoiceDialog
          action="delete"
          recommended="this_and_following_events"
          open={open}
          onOpenChange={setOpen}
          onChoose={(choice) => void confirm(choice)}
        />
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-w-md">
            <DialogHeader>
              <DialogTitle>Delete this event?</DialogTitle>
              <DialogDescription>
                “{event.title}” will be removed from the calendar, with its registrations. This
                cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                type="button"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => void confirm()}
              >
                Delete Event
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
