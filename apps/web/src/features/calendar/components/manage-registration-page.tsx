import type { ManagedRegistration } from '@chamber/contract';
import { CalendarCheckIcon, CalendarX2Icon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
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
import { Card } from '@/components/ui/card';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { formatEventDate, formatEventTimeRange } from '@/lib/events/event-time';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  useCancelManagedRegistration,
  useManagedRegistration,
  useUpdateManagedAttendee,
  useUpdateManagedRegistration,
  useAcceptOffer,
} from '../api/manage-registration';
import {
  manageRegistrationBody,
  manageRegistrationDefaults,
  manageRegistrationFormSchema,
} from '../lib/registration-form';
import { NewLinkButton } from './new-link-button';
import { PageLoading, ProblemCard } from './page-states';
import { RegistrationFields } from './registration-fields';

/** The token of a manage link: `#token=…`, the fragment, which no server ever receives. */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]{43}$/.test(token) ? token : null;
}

const LINK_NOT_VALID =
  'This link is not valid. It may have been replaced by a newer one you asked for, or the registration was cancelled.';

/**
 * /registrations/manage#token=…, opened from the registration mail: the registrant sees the
 * event and their registration, and changes the party size and details or cancels.
 */
export function ManageRegistrationPage() {
  const token = tokenFromFragment(useLocation().hash);
  if (!token) return <LinkProblem title="Link Not Valid" detail={LINK_NOT_VALID} />;
  // Another link is another registration: a fresh view.
  return <ManagedRegistrationView key={token} token={token} />;
}

function ManagedRegistrationView({ token }: { token: string }) {
  const query = useManagedRegistration(token);
  const [ended, setEnded] = useState<{ title: string; message: string; eventId: string } | null>(
    null,
  );
  useDocumentTitle('Your Registration');

  if (ended) {
    return (
      <Shell>
        <Card role="status" className="items-center px-6 text-center">
          <CalendarX2Icon className="size-12 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-2">
            <h1 className="text-2xl font-bold">{ended.title}</h1>
            <p className="text-muted-foreground">{ended.message}</p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link to={paths.event.href(ended.eventId)}>View the event</Link>
            </Button>
            <Button asChild>
              <Link to={paths.calendar.href()}>Back to Calendar</Link>
            </Button>
          </div>
        </Card>
      </Shell>
    );
  }
  if (query.isPending) {
    return <PageLoading>Loading your registration...</PageLoading>;
  }
  if (query.isError) {
    const gone =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return gone ? (
      <LinkProblem title="Link Not Valid" detail={query.error.message || LINK_NOT_VALID} />
    ) : (
      <LinkProblem
        title={query.error.message || 'Failed to load your registration'}
        detail="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <RegistrationCard
      managed={query.data}
      token={token}
      onCancelled={(message) =>
        setEnded({ title: 'Registration Cancelled', message, eventId: query.data.event.id })
      }
      onReplaced={(message) =>
        setEnded({ title: 'New Link Sent', message, eventId: query.data.event.id })
      }
    />
  );
}

function RegistrationCard({
  managed,
  token,
  onCancelled,
  onReplaced,
}: {
  managed: ManagedRegistration;
  token: string;
  onCancelled: (message: string) => void;
  onReplaced: (message: string) => void;
}) {
  const { event, registration, canChange, closedReason } = managed;
  return (
    <Shell>
      <Card className="gap-6 px-6">
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <CalendarCheckIcon className="size-4" aria-hidden="true" />
            Your registration
          </p>
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">
            <Link to={paths.event.href(event.id)} className="hover:underline">
              {event.title}
            </Link>
          </h1>
          <dl className="grid gap-1 text-sm">
            <div className="flex gap-2">
              <dt className="shrink-0 font-medium">When:</dt>
              <dd>
                {formatEventDate(event)}, {formatEventTimeRange(event)}
              </dd>
            </div>
            {event.location ? (
              <div className="flex gap-2">
                <dt className="shrink-0 font-medium">Where:</dt>
                <dd className="[overflow-wrap:anywhere]">{event.location}</dd>
              </div>
            ) : null}
            <div className="flex gap-2">
              <dt className="shrink-0 font-medium">Email:</dt>
              <dd className="[overflow-wrap:anywhere]">{registration.email}</dd>
            </div>
          </dl>
        </div>
        <SeatState managed={managed} token={token} />
        {managed.order ? <OrderAttendees order={managed.order} token={token} /> : null}
        {canChange ? (
          <ChangeForm managed={managed} token={token} onCancelled={onCancelled} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p role="status" className="font-medium">
              {closedReason}
            </p>
            <p className="text-muted-foreground">
              Party of {registration.guests}
              {registration.notes ? ` · ${registration.notes}` : ''}
            </p>
          </div>
        )}
        <NewLinkButton token={token} onReplaced={onReplaced} />
      </Card>
    </Shell>
  );
}

function ChangeForm({
  managed,
  token,
  onCancelled,
}: {
  managed: ManagedRegistration;
  token: string;
  onCancelled: (message: string) => void;
}) {
  // An order's seats are its tickets': the form leaves its party size alone.
  const isOrder = managed.order !== null;
  const defaults = (registration: ManagedRegistration['registration']) => ({
    ...manageRegistrationDefaults(registration),
    ...(isOrder ? { numberOfGuests: '1' } : {}),
  });
  const form = useZodForm(manageRegistrationFormSchema, {
    defaultValues: defaults(managed.registration),
  });
  const update = useUpdateManagedRegistration(token);
  const cancel = useCancelManagedRegistration(token);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function onSubmit(values: Parameters<typeof manageRegistrationBody>[0]) {
    setError(null);
    try {
      const saved = await update.mutateAsync(manageRegistrationBody(values));
      form.reset(defaults(saved.registration));
      toast.success('Your registration is updated. We sent you a confirmation.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not save your changes.');
    }
  }

  async function onCancel() {
    setError(null);
    try {
      const result = await cancel.mutateAsync();
      setConfirming(false);
      onCancelled(result.message);
    } catch (failure) {
      setConfirming(false);
      setError(failure instanceof Error ? failure.message : 'Could not cancel your registration.');
    }
  }

  return (
    <>
      <Form
        form={form}
        onSubmit={(values) => void onSubmit(values)}
        className="grid gap-4"
        aria-label="Change your registration"
      >
        <RegistrationFields withEmail={false} withGuests={!isOrder} />
        <FormError>{error}</FormError>
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setConfirming(true)}
          >
            Cancel registration
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner className="size-4" /> : null}
            Save changes
          </Button>
        </div>
      </Form>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel your registration?</AlertDialogTitle>
            <AlertDialogDescription>
              Your place at {managed.event.title} will be given up. You can register again on the
              event page while registration is open.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep my registration</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => void onCancel()}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel registration'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">{children}</div>;
}

function LinkProblem({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail: string;
  onRetry?: () => void;
}) {
  return (
    <Shell>
      <ProblemCard title={title} detail={detail} onRetry={onRetry} />
    </Shell>
  );
}

/** Where the party stands for seats: waiting, offered (take them), or its check-in QR code. */
function SeatState({ managed, token }: { managed: ManagedRegistration; token: string }) {
  const { registration, canAccept, checkInCode, event } = managed;
  const accept = useAcceptOffer(token);
  const [error, setError] = useState<string | null>(null);
  if (registration.seatStatus === 'waitlisted') {
    return (
      <p role="status" className="font-medium">
        You're number {registration.waitlistPosition} on the waiting list.
      </p>
    );
  }
  if (registration.seatStatus === 'lapsed') {
    return (
      <p role="status" className="font-medium">
        This offer has expired. The seats went to the next party on the waiting list.
      </p>
    );
  }
  if (canAccept && registration.holdUntil) {
    const until = new Intl.DateTimeFormat('en-US', {
      timeZone: event.timezone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(registration.holdUntil));
    return (
      <div className="grid gap-2">
        <p role="status" className="font-medium">
          Seats are free for your party of {registration.guests}. Take them by {until}.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button
          type="button"
          disabled={accept.isPending}
          onClick={() => {
            setError(null);
            accept
              .mutateAsync()
              .catch((err: unknown) =>
                setError(err instanceof Error ? err.message : 'Could not take the seats'),
              );
          }}
        >
          Take your seats
        </Button>
      </div>
    );
  }
  return checkInCode ? <CheckInQr code={checkInCode} /> : null;
}

/** The check-in code as a QR code, drawn in the browser (the library loads with it). */
function CheckInQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(code, { margin: 2, width: 240 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <figure className="grid justify-items-center gap-2">
      {src ? <img src={src} alt="Your check-in QR code" width={240} height={240} /> : null}
      <figcaption className="text-sm text-muted-foreground">
        You're registered. Show this code at the door to check in.
      </figcaption>
    </figure>
  );
}

/**
 * An order's tickets and attendees on its manage page: each attendee with their own QR code,
 * and the buyer names or renames them until the event starts.
 */
function OrderAttendees({
  order,
  token,
}: {
  order: NonNullable<ManagedRegistration['order']>;
  token: string;
}) {
  return (
    <section className="grid gap-3" aria-labelledby="order-attendees-heading">
      <h2 id="order-attendees-heading" className="text-lg font-semibold">
        Tickets and attendees
      </h2>
      <p className="text-sm">{order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>
      {order.canEditNames ? (
        <p className="text-sm text-muted-foreground">
          Fill in or change each attendee’s name until the event starts.
        </p>
      ) : null}
      <ol className="grid gap-3">
        {order.attendees.map((a) => (
          <AttendeeCard key={a.id} attendee={a} token={token} canEdit={order.canEditNames} />
        ))}
      </ol>
    </section>
  );
}

function AttendeeCard({
  attendee,
  token,
  canEdit,
}: {
  attendee: NonNullable<ManagedRegistration['order']>['attendees'][number];
  token: string;
  canEdit: boolean;
}) {
  const id = useId();
  const update = useUpdateManagedAttendee(token);
  const [draft, setDraft] = useState({
    name: attendee.name ?? '',
    email: attendee.email ?? '',
    dietaryNote: attendee.dietaryNote ?? '',
  });
  const label = attendee.name ?? `Attendee ${attendee.position}`;
  return (
    <li className="grid gap-3 rounded-md border p-3 sm:grid-cols-[auto_1fr]">
      <AttendeeQr code={attendee.qrToken} label={label} />
      <form
        className="grid gap-2"
        aria-label={`Attendee ${attendee.position}`}
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { attendeeId: attendee.id, body: draft },
            { onSuccess: () => toast.success('Saved.') },
          );
        }}
      >
        <p className="text-sm font-medium">
          Attendee {attendee.position} · {attendee.typeName}
        </p>
        {(['name', 'email', 'dietaryNote'] as const).map((field) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`${id}-${field}`}>
              {field === 'name' ? 'Name' : field === 'email' ? 'Email' : 'Dietary note'}
            </Label>
            <Input
              id={`${id}-${field}`}
              type={field === 'email' ? 'email' : 'text'}
              disabled={!canEdit}
              value={draft[field]}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            />
          </div>
        ))}
        {update.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {update.error.message}
          </p>
        ) : null}
        {canEdit ? (
          <Button
            type="submit"
            size="sm"
            className="justify-self-start"
            disabled={update.isPending}
          >
            Save attendee {attendee.position}
          </Button>
        ) : null}
      </form>
    </li>
  );
}

/** An attendee's own QR code, drawn in the browser. */
function AttendeeQr({ code, label }: { code: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(code, { margin: 2, width: 160 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return src ? (
    <img
      src={src}
      alt={`QR code of ${label}`}
      width={120}
      height={120}
      className="justify-self-center"
    />
  ) : (
    <div className="size-[120px]" aria-hidden="true" />
  );
}
