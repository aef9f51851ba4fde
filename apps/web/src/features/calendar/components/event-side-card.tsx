import type { Appointment } from '@chamber/contract';
import {
  BriefcaseBusinessIcon,
  CalendarPlusIcon,
  CircleCheckIcon,
  DownloadIcon,
  LinkIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useHydrated } from '@/lib/use-hydrated';
import { downloadEventIcs, eventIcsPath, icsFileName } from '../api/download-event-ics';
import { pageLink } from '../lib/event-links';
import { RegisterButton } from './register-button';
import { RegistrationFormWithoutScripts } from './registration-form-without-scripts';
import { HELD_HEADING, ticketLines, type TicketNotice } from '../lib/ticket-text';
import { EventWebsiteButton } from './event-website-button';

export const CONFIRMATION_SENT = "We've sent a confirmation to your email.";
export const REGISTRATION_STATUS_ID = 'registration-status';

interface EventSideCardProps {
  event: Appointment;
  registered: boolean;
  /** The server's word on the confirmation mail, after registering here. */
  confirmation: string | null;
  /** Registered here, and put on the waiting list. */
  waitlisted: boolean;
  ticketNotice: TicketNotice | null;
  closedReason: string | null;
  onRegister: () => void;
}

/** docs/product.md#screens Event detail: registration state, calendar file, links, organizer, categories. */
export function EventSideCard({
  event,
  registered,
  confirmation,
  waitlisted,
  ticketNotice,
  closedReason,
  onRegister,
}: EventSideCardProps) {
  const { shortName } = useChamber();
  const price = ticketLines(event.ticket);
  const [downloading, setDownloading] = useState(false);
  // Register Now before the scripts have run leads here as ?register=true: the form that
  // posts without them, until they run and open the registration dialog.
  const hydrated = useHydrated();
  const askedToRegister = useSearchParams()[0].get('register') === 'true';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(pageLink());
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link: use Share instead.');
    }
  }

  async function addToCalendar() {
    setDownloading(true);
    try {
      await downloadEventIcs(event.id, event.title);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not download the calendar file');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="grid gap-6">
      <Card className="gap-5">
        <CardHeader>
          <h2
            id={registered ? REGISTRATION_STATUS_ID : undefined}
            tabIndex={registered ? -1 : undefined}
            className="text-xl leading-tight font-semibold outline-none"
          >
            {!registered
              ? 'Register for Event'
              : ticketNotice?.held
                ? HELD_HEADING
                : waitlisted
                  ? "You're on the Waiting List"
                  : "You're Registered!"}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="grid gap-1" aria-label="Tickets" role="group">
            <p className="text-lg font-semibold">{price.yours}</p>
            {price.both ? <p className="text-sm text-muted-foreground">{price.both}</p> : null}
            {price.payment ? (
              <p className="text-sm text-muted-foreground">{price.payment}</p>
            ) : null}
            {price.refund ? <p className="text-sm text-muted-foreground">{price.refund}</p> : null}
          </div>
          {ticketNotice ? (
            <div
              role="status"
              className={
                ticketNotice.tone === 'paid'
                  ? 'grid gap-2 font-medium text-success'
                  : ticketNotice.tone === 'released'
                    ? 'grid gap-2 font-medium text-destructive'
                    : 'grid gap-2 font-medium'
              }
            >
              <p>{ticketNotice.text}</p>
              {ticketNotice.payUrl ? (
                <Button asChild>
                  <a href={ticketNotice.payUrl}>Pay now</a>
                </Button>
              ) : null}
            </div>
          ) : null}
          {registered ? (
            // Seats held for an online payment are confirmed, and mailed, once paid; the
            // ticket's notice above says so, and says when the payment has been made.
            ticketNotice?.payUrl || ticketNotice?.held || ticketNotice?.tone === 'paid' ? null : (
              <p role="status" className="flex items-start gap-2 text-success">
                <CircleCheckIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                {confirmation ?? CONFIRMATION_SENT}
              </p>
            )
          ) : closedReason ? (
            <p className="text-muted-foreground">{closedReason}</p>
          ) : (
            <>
              {event.seatsLeft === 0 ? (
                <>
                  <p className="font-semibold text-destructive">Sold out</p>
                  <p className="text-muted-foreground">
                    Join the waiting list: when seats free up, we email the first party they fit.
                  </p>
                </>
              ) : (
                <p className="text-muted-foreground">
                  {event.seatsLeft !== null
                    ? `${event.seatsLeft} ${event.seatsLeft === 1 ? 'seat' : 'seats'} left. `
                    : ''}
                  Save your seat; members and guests are welcome.
                </p>
              )}
              {askedToRegister && !hydrated ? (
                <RegistrationFormWithoutScripts
                  eventId={event.id}
                  waitlist={event.seatsLeft === 0}
                />
              ) : (
                <RegisterButton eventId={event.id} onRegister={onRegister} size="lg">
                  {event.seatsLeft === 0 ? 'Join the Waiting List' : 'Register Now'}
                </RegisterButton>
              )}
            </>
          )}
          {/* A link to the event's .ics, which works without scripts; with them, the file is
              fetched and named after the event, and a failure is said. Not for a party on
              the waiting list: they hold no seat to put in a calendar. */}
          {registered && waitlisted ? null : (
            <Button asChild variant="outline">
              <a
                href={`/api${eventIcsPath(event.id)}`}
                download={icsFileName(event.title)}
                aria-disabled={downloading || undefined}
                onClick={(click) => {
                  click.preventDefault();
                  if (!downloading) void addToCalendar();
                }}
              >
                {downloading ? (
                  <Spinner className="size-4" />
                ) : (
                  <CalendarPlusIcon aria-hidden="true" />
                )}
                Add to Calendar
              </a>
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => void copyLink()}>
            <LinkIcon aria-hidden="true" />
            Copy Link
          </Button>
          {event.pageUrl ? <EventWebsiteButton url={event.pageUrl} /> : null}
          {event.downloadFileUrl ? (
            <Button asChild variant="outline">
              <a href={event.downloadFileUrl} target="_blank" rel="noopener noreferrer" download>
                <DownloadIcon aria-hidden="true" />
                Download Materials
              </a>
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Organizer</h2>
        </CardHeader>
        <CardContent className="flex items-center gap-3">
          <span
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
            aria-hidden="true"
          >
            {event.organizer ? (
              <BriefcaseBusinessIcon className="size-5" />
            ) : (
              <UsersRoundIcon className="size-5" />
            )}
          </span>
          {event.organizer ? (
            // A member's own event: its business organizes it, and its member page says more.
            <div className="grid min-w-0">
              {event.organizer.memberId ? (
                <Link
                  to={paths.member.href(event.organizer.memberId)}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {event.organizer.name}
                </Link>
              ) : (
                <span className="font-semibold">{event.organizer.name}</span>
              )}
              <span className="text-sm text-muted-foreground">A {shortName} member business</span>
            </div>
          ) : (
            <div className="grid">
              <span className="font-semibold">{shortName} Events Team</span>
              <span className="text-sm text-muted-foreground">
                Questions? The chamber office is glad to help.
              </span>
            </div>
          )}
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Event Category</h2>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-wrap gap-2">
            {['Community', 'Networking', 'Business'].map((category) => (
              <li key={category}>
                <Badge variant="secondary">{category}</Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
