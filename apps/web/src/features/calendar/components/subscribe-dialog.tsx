import { CalendarPlusIcon, RssIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useChamber } from '@/lib/chamber/use-chamber';
import { calendarFeedUrls } from '../lib/calendar-feed';
import { CopyField } from './copy-field';

/**
 * Subscribe to the chamber's calendar from a calendar app: the public iCalendar feed as an
 * address to paste, and as a webcal:// link that opens the app directly.
 */
export function SubscribeDialog({
  calendarId,
  calendarName,
}: {
  calendarId: string;
  calendarName?: string;
}) {
  const { config } = useChamber();
  // The start-up config names the site; the page's own address only without it (in the
  // browser: the server always has the config).
  const { https, webcal } = calendarFeedUrls(
    config?.publicUrl || (typeof window === 'undefined' ? '' : window.location.origin),
    calendarId,
  );
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <RssIcon aria-hidden="true" />
          Subscribe
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe to {calendarName || 'the calendar'}</DialogTitle>
          <DialogDescription>
            Chamber events appear in your own calendar app and stay up to date as events are added
            or changed.
          </DialogDescription>
        </DialogHeader>
        <Button asChild size="lg">
          <a href={webcal}>
            <CalendarPlusIcon aria-hidden="true" />
            Open in my calendar app
          </a>
        </Button>
        <CopyField label="Calendar feed address" value={https} buttonLabel="Copy" />
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>Google Calendar: Other calendars, then From URL, and paste the address.</li>
          <li>Outlook: Add calendar, then Subscribe from web.</li>
          <li>Apple Calendar: File, then New Calendar Subscription.</li>
        </ul>
      </DialogContent>
    </Dialog>
  );
}
