import {
  type Celebration,
  celebrationKindLabels,
  paths,
  slotHoldingStatuses,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PartyPopperIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { myCelebrationsQueryOptions } from '@/lib/api/celebrations';
import { statusLabels, whenText } from '@/lib/celebrations/celebration-text';

/** Where the booking form is: the celebrations card of the membership page. */
export const bookingFormHref = () => `${paths.membership.href()}#celebrations`;

/**
 * The business's current or next booking: the soonest one still holding its slot (waiting
 * for staff, a time proposed, or confirmed) that has not ended.
 */
export function nextBooking(celebrations: Celebration[], now: Date): Celebration | null {
  const holding: readonly string[] = slotHoldingStatuses;
  return (
    celebrations
      .filter((c) => holding.includes(c.status) && Date.parse(c.end) > now.getTime())
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0] ?? null
  );
}

/**
 * The way to book a ribbon cutting from /account and from the member's own listing: the
 * business's current or next booking with its state, and 'Book a ribbon cutting', which leads
 * to the booking form. Only for the signed-in member whose business it is: GET
 * /celebrations/mine answers for the login's own business alone, and `enabled` keeps the
 * question from being asked on anyone else's listing. Nothing while loading or for a login
 * without a business.
 */
export function CelebrationEntry({ enabled = true }: { enabled?: boolean }) {
  const query = useQuery({ ...myCelebrationsQueryOptions(), enabled });
  if (!enabled || !query.data) return null;
  const mine = query.data;
  const next = nextBooking(mine.celebrations, new Date());
  if (!next && !mine.mayBook) return null;
  return (
    <Card role="region" aria-labelledby="celebration-entry-title">
      <CardHeader>
        <CardTitle id="celebration-entry-title" className="flex items-center gap-2 text-lg">
          <PartyPopperIcon aria-hidden="true" className="size-5 text-primary" />
          Ribbon cuttings and celebrations
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {next ? (
          <div className="grid gap-1 rounded-lg border p-3">
            <p className="font-medium">
              Your {celebrationKindLabels[next.kind].toLowerCase()}:{' '}
              {whenText(next.start, next.timezone)}
            </p>
            <p>
              <Badge variant={next.status === 'confirmed' ? 'secondary' : 'outline'}>
                {statusLabels[next.status]}
              </Badge>
            </p>
            {next.eventId ? (
              <Link className="text-primary underline" to={paths.event.href(next.eventId)}>
                See it on the calendar
              </Link>
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground">
            The chamber brings{' '}
            {mine.checklist.map((item) => item.toLowerCase()).join(', ') || 'the rest'} to your
            opening, anniversary or groundbreaking.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {mine.mayBook ? (
            <Button asChild size="sm" variant={next ? 'outline' : 'default'}>
              <Link to={bookingFormHref()}>
                {mine.kinds.includes('ribbon_cutting')
                  ? 'Book a ribbon cutting'
                  : 'Book a celebration'}
              </Link>
            </Button>
          ) : null}
          {next ? (
            <Button asChild size="sm" variant="outline">
              <Link to={bookingFormHref()}>Your bookings</Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
