import type { Appointment } from '@chamber/contract';
import { CalendarDaysIcon, ClockIcon, ExternalLinkIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatEventDate, formatEventTimeRange } from '@/lib/events/event-time';
import { googleMapsSearchUrl } from '@/lib/members/contact-links';
import { attendeesLabel } from '../lib/event-links';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <span className="absolute top-0.5 left-0 text-primary [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** Lines of a text as paragraphs (docs/product.md#screens: About This Event is split by lines). */
function Paragraphs({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return (
    <div className="grid gap-3 leading-relaxed">
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/** docs/product.md#screens Event detail: the details card. */
export function EventDetailsCard({ event }: { event: Appointment }) {
  // New events store the description as the notes too: say it once.
  const notes =
    event.calendarNotes.trim() !== event.description.trim() ? event.calendarNotes.trim() : '';
  return (
    <Card className="gap-6">
      <CardHeader>
        <h2 className="text-xl leading-tight font-semibold">Event Details</h2>
      </CardHeader>
      <CardContent className="grid gap-8">
        <dl className="grid gap-5 sm:grid-cols-2">
          <Row icon={<CalendarDaysIcon />} label="Date">
            {formatEventDate(event)}
          </Row>
          <Row icon={<ClockIcon />} label="Time">
            {formatEventTimeRange(event)}
          </Row>
          {event.location ? (
            <Row icon={<MapPinIcon />} label="Location">
              <span className="block">{event.location}</span>
              <a
                href={googleMapsSearchUrl(event.location)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
              >
                View on Map
                <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Row>
          ) : null}
          <Row icon={<UsersIcon />} label="Attendees">
            {attendeesLabel(event.attendeeCount)}
          </Row>
        </dl>
        <section aria-labelledby="about-event" className="grid gap-3">
          <h3 id="about-event" className="text-lg font-semibold">
            About This Event
          </h3>
          {event.description.trim() ? (
            <Paragraphs text={event.description} />
          ) : (
            <p className="text-muted-foreground">More details coming soon.</p>
          )}
        </section>
        {notes ? (
          <section aria-labelledby="event-notes" className="grid gap-3">
            <h3 id="event-notes" className="text-lg font-semibold">
              Additional Information
            </h3>
            <Paragraphs text={notes} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
