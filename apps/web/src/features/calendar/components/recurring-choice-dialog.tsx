import { CalendarDaysIcon, CalendarRangeIcon, CalendarSearchIcon } from 'lucide-react';
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
  recommended,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  recommended: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-recommended={recommended || undefined}
      className="flex w-full cursor-pointer items-start gap-3 rounded-lg border p-4 text-left transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <span className="grid gap-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {title}
          {recommended ? <Badge>Recommended</Badge> : null}
        </span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </span>
    </button>
  );
}

/** The three answers, in the order the dialog lists them. */
const CHOICES: {
  choice: RecurringChoice;
  icon: ReactNode;
  title: (verb: string) => string;
  detail: string;
}[] = [
  {
    choice: 'this_event',
    icon: <CalendarSearchIcon />,
    title: (verb) => `${verb} only this event`,
    detail: 'The rest of the series stays as it is.',
  },
  {
    choice: 'this_and_following_events',
    icon: <CalendarRangeIcon />,
    title: (verb) => `${verb} all future events`,
    detail: 'This and following events in the series. Earlier ones stay as they were.',
  },
  {
    choice: 'all_events',
    icon: <CalendarDaysIcon />,
    title: (verb) => `${verb} all events in the series`,
    detail: 'Every date of the series, earlier ones too.',
  },
];

/**
 * docs/product.md#states Recurring edit: asked on saving a change to an event of a series (or
 * deleting one): only this event, this and following events, or all events in the series.
 * 'Recommended' marks the one choice `recommended` names (for a save, the rule of
 * recommendedSeriesChoice), which also has the focus.
 */
export function RecurringChoiceDialog({
  open,
  onOpenChange,
  onChoose,
  recommended,
  action = 'update',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: RecurringChoice) => void;
  recommended: RecurringChoice;
  action?: 'update' | 'delete';
}) {
  const verb = action === 'update' ? 'Update' : 'Delete';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={(event) => {
          const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
            '[data-recommended="true"]',
          );
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
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
          {CHOICES.map((c) => (
            <Choice
              key={c.choice}
              icon={c.icon}
              title={c.title(verb)}
              detail={c.detail}
              recommended={c.choice === recommended}
              onClick={() => onChoose(c.choice)}
            />
          ))}
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
