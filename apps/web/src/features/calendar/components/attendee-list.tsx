import {
  type CalendarEvent,
  checkInPath,
  type EventAttendee,
  isStaffRole,
} from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { saveFile } from '@/components/files/download-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { api } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';
import { useStaffCancelRegistration } from '../api/cancel-registration';

const holding = (a: EventAttendee) =>
  a.seatStatus === 'confirmed' || a.seatStatus === 'offered' || a.seatStatus === 'held';

/** Parties and people with seats: "3 registrations, 7 people". */
export function attendeeSummary(attendees: EventAttendee[]): string {
  const seated = attendees.filter(holding);
  const people = seated.reduce((sum, a) => sum + a.guests, 0);
  const parties = `${seated.length} registration${seated.length === 1 ? '' : 's'}`;
  return `${parties}, ${people} ${people === 1 ? 'person' : 'people'}`;
}

/**
 * Seats, waiting list and check-in in one line:
 * "10 of 12 seats taken · 2 left · 1 waiting · 4 of 10 checked in".
 */
export function seatSummary(
  event: Pick<CalendarEvent, 'capacity' | 'seatsLeft' | 'attendeeCount' | 'waitlistCount'>,
  attendees: EventAttendee[],
) {
  const checkedIn = attendees.reduce((sum, a) => sum + (a.checkedInAt ? a.guests : 0), 0);
  const seats =
    event.capacity === null
      ? ['No seat limit']
      : [
          `${event.attendeeCount} of ${event.capacity} seats taken`,
          event.seatsLeft === 0 ? 'Sold out' : `${event.seatsLeft ?? 0} left`,
        ];
  return [
    ...seats,
    `${event.waitlistCount} waiting`,
    `${checkedIn} of ${event.attendeeCount} checked in`,
  ].join(' · ');
}

function stateOf(a: EventAttendee, timeZone: string): string | null {
  const time = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
      new Date(iso),
    );
  if (a.checkedInAt) return `Checked in at ${time(a.checkedInAt)}${a.walkIn ? ' (walk-in)' : ''}`;
  if (a.seatStatus === 'waitlisted') return `Waiting list #${a.waitlistPosition ?? '?'}`;
  if (a.seatStatus === 'offered') return 'Seats offered';
  if (a.seatStatus === 'lapsed') return 'Offer expired';
  return null;
}

/**
 * Who registered, for the event's organizer, moderators and admins (the API sends the list
 * only to them): name, party size, how to reach them and their notes, earliest first.
 * Moderators and admins may cancel a registration or order not yet checked in, after a
 * confirmation.
 */
export function AttendeeList({
  attendees,
  event,
}: {
  attendees: EventAttendee[];
  event: Pick<
    CalendarEvent,
    'id' | 'capacity' | 'seatsLeft' | 'attendeeCount' | 'waitlistCount' | 'timezone'
  >;
}) {
  // Seat-holders first, earliest first; then the waiting list in its order; lapsed offers last.
  const rank = (a: EventAttendee) => (holding(a) ? 0 : a.seatStatus === 'waitlisted' ? 1 : 2);
  const sorted = [...attendees].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0) ||
      a.createdAt.localeCompare(b.createdAt),
  );
  const { role } = useAuth();
  const staff = role !== null && isStaffRole(role);
  const [cancelling, setCancelling] = useState<EventAttendee | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="attendee-list" className="flex items-center gap-2 text-lg font-semibold">
          <UsersIcon className="size-5 text-primary" aria-hidden="true" />
          Registrations
        </h2>
        <p className="text-sm text-muted-foreground">{attendeeSummary(attendees)}</p>
        <p className="w-full text-sm text-muted-foreground">{seatSummary(event, attendees)}</p>
        <p className="flex w-full flex-wrap gap-x-4 text-sm">
          <Link to={checkInPath(event.id)} className="font-medium text-primary hover:underline">
            Check guests in
          </Link>
          <a
            href={`/api/calendars/appointments/${encodeURIComponent(event.id)}/registrations.csv`}
            className="font-medium text-primary hover:underline"
            onClick={(e) => {
              e.preventDefault();
              void downloadCsv(event.id);
            }}
          >
            Download CSV
          </a>
        </p>
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <p className="text-muted-foreground">Nobody has registered yet.</p>
        ) : (
          <ul aria-labelledby="attendee-list" className="grid divide-y">
            {sorted.map((attendee) => (
              <li key={attendee.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{attendee.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {attendee.guests === 1 ? '1 person' : `${attendee.guests} people`}
                  </span>
                </p>
                {stateOf(attendee, event.timezone) ? (
                  <p className="text-sm font-medium">{stateOf(attendee, event.timezone)}</p>
                ) : null}
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {attendee.email ? (
                    <a
                      href={`mailto:${attendee.email}`}
                      className="rounded-sm font-medium wrap-anywhere text-primary hover:underline"
                    >
                      {attendee.email}
                    </a>
                  ) : null}
                  {attendee.phone ? (
                    <a
                      href={`tel:${attendee.phone.replace(/[^\d+]/g, '')}`}
                      className="rounded-sm font-medium text-primary hover:underline"
                    >
                      {attendee.phone}
                    </a>
                  ) : null}
                </p>
                {attendee.notes ? (
                  <p className="text-sm whitespace-pre-line text-muted-foreground">
                    {attendee.notes}
                  </p>
                ) : null}
                {staff && !attendee.checkedInAt ? (
                  <p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="-ml-2 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      onClick={() => setCancelling(attendee)}
                    >
                      Cancel registration
                      <span className="sr-only"> of {attendee.name}</span>
                    </Button>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {staff ? (
        <CancelRegistrationDialog
          eventId={event.id}
          attendee={cancelling}
          onDone={() => setCancelling(null)}
        />
      ) : null}
    </Card>
  );
}

/**
 * Asks staff before cancelling a registration: what the server does (decision 0156) is said
 * before, and its answer (what became of a paid ticket) in a toast after.
 */
function CancelRegistrationDialog({
  eventId,
  attendee,
  onDone,
}: {
  eventId: string;
  attendee: EventAttendee | null;
  onDone: () => void;
}) {
  const cancel = useStaffCancelRegistration(eventId);
  const confirm = () => {
    if (!attendee) return;
    cancel.mutate(attendee.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
    });
  };
  return (
    <AlertDialog
      open={attendee !== null}
      onOpenChange={(open) => {
        if (!open && !cancel.isPending) {
          cancel.reset();
          onDone();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this registration?</AlertDialogTitle>
          <AlertDialogDescription>
            {attendee?.name} ({attendee?.email}) is mailed that the registration is cancelled. Its
            seats are offered down the waiting list; an order&apos;s tickets, promo code use and
            plan benefits are given back. An unpaid ticket&apos;s invoice is voided; a paid one is
            refunded only as the event&apos;s refund rules say. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {cancel.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {cancel.error.message}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep registration</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel registration'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The CSV needs the session's bearer token, so it is fetched and saved rather than linked. */
async function downloadCsv(id: string) {
  const file = await api.download(endpoints['check-in'].registrationsCsv, {
    params: { id },
    errorMessage: 'Could not download the registrations',
  });
  saveFile(file.blob, file.filename ?? 'registrations.csv');
}
