import type { EventAttendee } from '@chamber/contract';
import { UsersIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** Parties and people: "3 registrations, 7 people". */
export function attendeeSummary(attendees: EventAttendee[]): string {
  const people = attendees.reduce((sum, a) => sum + a.guests, 0);
  const parties = `${attendees.length} registration${attendees.length === 1 ? '' : 's'}`;
  return `${parties}, ${people} ${people === 1 ? 'person' : 'people'}`;
}

/**
 * Who registered, for the event's organizer, moderators and admins (the API sends the list
 * only to them): name, party size, how to reach them and their notes, earliest first.
 */
export function AttendeeList({ attendees }: { attendees: EventAttendee[] }) {
  const sorted = [...attendees].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="attendee-list" className="flex items-center gap-2 text-lg font-semibold">
          <UsersIcon className="size-5 text-primary" aria-hidden="true" />
          Registrations
        </h2>
        <p className="text-sm text-muted-foreground">{attendeeSummary(attendees)}</p>
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
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <a
                    href={`mailto:${attendee.email}`}
                    className="rounded-sm font-medium wrap-anywhere text-primary hover:underline"
                  >
                    {attendee.email}
                  </a>
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
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
