import { isStaffRole, type OrderAttendee } from '@chamber/contract';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useEventOrders, useStaffUpdateAttendee } from '../api/orders';

const statusText: Record<string, string> = {
  confirmed: 'Confirmed',
  held: 'Awaiting payment',
  offered: 'Offered',
  waitlisted: 'Waiting list',
  lapsed: 'Lapsed',
};

/**
 * Staff see the event's orders on its page: each buyer, the tickets per type and every
 * attendee with their name, email and dietary note, which staff may change at any time.
 */
export function EventOrders({ eventId }: { eventId: string }) {
  const { role } = useAuth();
  const staff = role !== null && isStaffRole(role);
  const query = useEventOrders(eventId, staff);
  if (!staff) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Orders</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {query.error.message}
          </p>
        ) : null}
        {query.data?.orders.length === 0 ? (
          <p className="text-muted-foreground text-sm">No orders yet.</p>
        ) : null}
        {query.data?.orders.map((order) => (
          <section
            key={order.registrationId}
            className="grid gap-2 rounded-md border p-3"
            aria-label={`Order of ${order.buyerName}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                {order.buyerName}{' '}
                <span className="text-muted-foreground text-sm">{order.buyerEmail}</span>
              </p>
              <Badge variant="secondary">{statusText[order.seatStatus] ?? order.seatStatus}</Badge>
            </div>
            <p className="text-sm">
              {order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
            </p>
            <ol className="grid gap-1 text-sm">
              {order.attendees.map((a) => (
                <AttendeeRow key={a.id} eventId={eventId} attendee={a} />
              ))}
            </ol>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

function AttendeeRow({ eventId, attendee }: { eventId: string; attendee: OrderAttendee }) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  const update = useStaffUpdateAttendee(eventId);
  const [draft, setDraft] = useState({
    name: attendee.name ?? '',
    email: attendee.email ?? '',
    dietaryNote: attendee.dietaryNote ?? '',
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ attendeeId: attendee.id, body: draft }, { onSuccess: () => setEditing(false) });
  };
  if (!editing) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {attendee.position}. {attendee.name ?? <em>Name to come</em>}
          {attendee.email ? ` · ${attendee.email}` : ''}
          {attendee.dietaryNote ? ` · ${attendee.dietaryNote}` : ''}
          <span className="text-muted-foreground"> ({attendee.typeName})</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Edit attendee ${attendee.position}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      </li>
    );
  }
  return (
    <li>
      <form className="grid gap-2 sm:grid-cols-4 sm:items-end" onSubmit={save}>
        {(['name', 'email', 'dietaryNote'] as const).map((field) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`${id}-${field}`}>
              {field === 'name' ? 'Name' : field === 'email' ? 'Email' : 'Dietary note'}
            </Label>
            <Input
              id={`${id}-${field}`}
              value={draft[field]}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            />
          </div>
        ))}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={update.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
        {update.isError ? (
          <p role="alert" className="text-destructive text-sm sm:col-span-4">
            {update.error.message}
          </p>
        ) : null}
      </form>
    </li>
  );
}
