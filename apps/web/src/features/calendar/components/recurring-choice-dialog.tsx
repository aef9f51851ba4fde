import { CalendarRangeIcon, CalendarSearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { RecurringChoice } from './use-save-event';

function Choice({
  icon,
  title,
  detail,
  badge,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  badge?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full cursor-pointer items-start gap-3 rounded-lg border p-4 text-left transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <span className="grid gap-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {title}
          {badge ? <Badge>{badge}</Badge> : null}
        </span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </span>
    </button>
  );
}

/**
 * docs/product.md#states Recurring edit: asked on saving a change to an event of a series. The first choice
 * (this and following events) is the recommended one and has the focus.
 */
export function RecurringChoiceDialog({
  open,
  onOpenChange,
  onChoose,
  action = 'update',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: RecurringChoice) => void;
  action?: 'update' | 'delete';
}) {
  const verb = action === 'update' ? 'Update' : 'Delete';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            {action === 'update' ? 'Save recurring event' : 'Delete recurring event'}
          </DialogTitle>
          <DialogDescription>
            This event is part of a series. Which events should{' '}
            {action === 'update' ? 'change' : 'be deleted'}?
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Choice
            icon={<CalendarRangeIcon />}
            title={`${verb} all future events`}
            badge="Recommended"
            detail="This and following events in the series. Earlier ones stay as they were."
            onClick={() => onChoose('this_and_following_events')}
          />
          <Choice
            icon={<CalendarSearchIcon />}
            title={`${verb} only this event`}
            detail="The rest of the series stays as it is."
            onClick={() => onChoose('this_event')}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
