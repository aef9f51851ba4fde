import type { Appointment, CalendarEvent } from '@chamber/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { leaveSite } from '@/lib/leave-site';
import { eventLoadError, eventQueryOptions, isNotFound, useEvent } from '../api/get-event';
import { useHasPassed } from '../lib/countdown';
import { REGISTERED_KEY, setEventFlag, useEventFlag } from '../lib/event-flags';
import {
  type CheckoutReturn,
  checkoutReturn,
  doorNotice,
  forgetPendingTicket,
  rememberPendingTicket,
  type TicketNotice,
  typesSoldOut,
} from '../lib/ticket-text';
import { EventDetailsCard } from './event-details-card';
import { EventPhotos } from './event-photos';
import { EventFormDialog, usePreloadEventEditor } from './event-form-dialog';
import { EventHero } from './event-hero';
import { EventSideCard, REGISTRATION_STATUS_ID } from './event-side-card';
import { PageLoading, ProblemCard } from './page-states';
import { useTicketTypes } from '../api/ticket-types';
import { RegistrationDialog, usePreloadRegistrationForm } from './registration-dialog';
import { TicketTypesCard } from './ticket-types-card';

/** /events/{id} (docs/product.md#screens Event detail). */
export function EventPage({ id }: { id: string }) {
  const query = useEvent(id);
  useDocumentTitle(query.data?.title ?? 'Event Details');
  useCurrentEventId(id, query.data);

  if (query.isPending) {
    return <PageLoading>Loading event details...</PageLoading>;
  }
  if (query.isError) {
    return isNotFound(query.error) ? (
      <EventError
        title="Event Not Found"
        detail="The event you're looking for doesn't exist or has been removed."
      />
    ) : (
      <EventError
        title={eventLoadError(query.error)}
        detail="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <EventView event={query.data} />;
}

/**
 * A link to an occurrence id that a series edit retired is answered with the occurrence that
 * replaced it: the address bar moves to its current id (without a new history entry), so
 * what the visitor bookmarks or shares from here is current.
 */
function useCurrentEventId(id: string, event: Appointment | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const current = event?.id;
  useEffect(() => {
    if (!event || !current || current === id) return;
    queryClient.setQueryData(eventQueryOptions(current).queryKey, event);
    navigate(
      { pathname: paths.event.href(current), search: location.search, hash: location.hash },
      { replace: true },
    );
  }, [current, event, id, location.hash, location.search, navigate, queryClient]);
}

/** The error card with the way back to the calendar ('Event Not Found', 'Event ID not provided'). */
export function EventError({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <ProblemCard title={title} detail={detail} onRetry={onRetry} />
    </div>
  );
}

// Only events sold by ticket types need these: they load when such an event shows.
const OrderDialog = lazy(() => import('./order-dialog').then((m) => ({ default: m.OrderDialog })));
const EventOrders = lazy(() => import('./event-orders').then((m) => ({ default: m.EventOrders })));
// Only the organizer and staff see who registered (and staff cancel there).
const AttendeeList = lazy(() =>
  import('./attendee-list').then((m) => ({ default: m.AttendeeList })),
);

function EventView({ event }: { event: Appointment }) {
  const { isAuthenticated, user } = useAuth();
  usePreloadEventEditor(isAuthenticated && event.canEdit);
  // An event sold by ticket types takes orders (named attendees) instead of registrations.
  const typesQuery = useTicketTypes(event.id, user?.id ?? null, !event.isRecurring);
  const sellsTypes = (typesQuery.data?.types.length ?? 0) > 0;
  // With types, the buttons follow what the types have left, not the event's seats alone.
  const shown = typesSoldOut(typesQuery.data?.types ?? []) ? { ...event, seatsLeft: 0 } : event;
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The server draws the page by its path, for every visitor: what this browser remembers
  // and what the address asks for (?paid, ?register) are read once it has hydrated.
  const hydrated = useHydrated();
  const [registered] = useEventFlag(REGISTERED_KEY, event.id);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  // Registered here onto the waiting list: the card says so rather than 'You're Registered!'.
  const [waitlisted, setWaitlisted] = useState(false);
  // Back from Checkout: ?paid=1 when paid, the bare page when the visitor cancelled.
  const paidReturn = searchParams.get('paid') === '1';
  const [back, setBack] = useState<CheckoutReturn | null>(() =>
    hydrated ? checkoutReturn(event.id, paidReturn, new Date()) : null,
  );
  const [ticketNotice, setTicketNotice] = useState<TicketNotice | null>(back?.notice ?? null);
  if (hydrated && !back) {
    const found = checkoutReturn(event.id, paidReturn, new Date());
    setBack(found);
    setTicketNotice(found.notice);
  }
  useEffect(() => {
    if (!back) return;
    if (back.settled) forgetPendingTicket(event.id);
    // The seats went to others: this browser may register again.
    if (back.released) setEventFlag(REGISTERED_KEY, event.id, false);
    if (paidReturn) {
      setSearchParams(
        (params) => {
          params.delete('paid');
          return params;
        },
        { replace: true },
      );
    }
  }, [back, event.id, paidReturn, setSearchParams]);

  const started = useHasPassed(event.startTime);
  const closedReason =
    event.status === 'cancelled'
      ? 'This event has been cancelled.'
      : started
        ? 'Registration has closed: this event has started.'
        : null;
  const canRegister = !registered && closedReason === null;
  usePreloadRegistrationForm(canRegister);

  // ?register=true (the calendar's Register Now) opens the registration dialog, once.
  const wantsRegister = searchParams.get('register') === 'true';
  const [registering, setRegistering] = useState(() => hydrated && wantsRegister && canRegister);
  const [addressRead, setAddressRead] = useState(hydrated);
  if (hydrated && !addressRead) {
    setAddressRead(true);
    if (wantsRegister && canRegister) setRegistering(true);
  }
  useEffect(() => {
    if (!wantsRegister || !hydrated) return;
    setSearchParams(
      (params) => {
        params.delete('register');
        return params;
      },
      { replace: true },
    );
  }, [wantsRegister, hydrated, setSearchParams]);

  const openRegistration = () => setRegistering(true);

  return (
    <>
      <EventHero
        event={shown}
        canRegister={canRegister}
        onRegister={openRegistration}
        onEdit={isAuthenticated && event.canEdit ? () => setEditing(event) : null}
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-3 lg:items-start">
        <div className="grid gap-6 lg:col-span-2">
          <EventDetailsCard event={event} />
          <TicketTypesCard event={event} />
          <EventPhotos eventId={event.id} />
          {isAuthenticated && event.canEdit ? (
            <Suspense fallback={null}>
              <AttendeeList attendees={event.attendees} event={event} />
            </Suspense>
          ) : null}
          {sellsTypes ? (
            <Suspense fallback={null}>
              <EventOrders eventId={event.id} />
            </Suspense>
          ) : null}
        </div>
        <EventSideCard
          event={shown}
          registered={registered}
          confirmation={confirmation}
          waitlisted={waitlisted}
          ticketNotice={ticketNotice}
          closedReason={closedReason}
          onRegister={openRegistration}
        />
      </div>
      {sellsTypes ? (
        <Suspense fallback={null}>
          <OrderDialog
            eventId={event.id}
            eventTitle={event.title}
            open={registering && sellsTypes}
            onOpenChange={setRegistering}
            onOrdered={(order) => {
              setEventFlag(REGISTERED_KEY, event.id, true);
              setConfirmation(order.message);
              setWaitlisted(order.status === 'waitlisted');
              setRegistering(false);
            }}
            onCloseAutoFocus={(e) => {
              const status = document.getElementById(REGISTRATION_STATUS_ID);
              if (status) {
                e.preventDefault();
                status.focus();
              }
            }}
          />
        </Suspense>
      ) : null}
      <RegistrationDialog
        eventId={event.id}
        eventTitle={event.title}
        ticket={event.ticket}
        waitlist={event.seatsLeft === 0}
        open={registering && !sellsTypes}
        onOpenChange={setRegistering}
        series={
          event.isRecurring && event.masterEventId && event.id !== event.masterEventId
            ? {
                timezone: event.timezone,
                onRegistered: (result) => {
                  setConfirmation(result.message);
                  setRegistering(false);
                },
              }
            : null
        }
        onRegistered={(result) => {
          const checkout = result.ticket?.checkoutUrl;
          if (result.ticket && checkout && result.registration.holdUntil) {
            // Paid online: the seats are held while Stripe's page takes the card.
            rememberPendingTicket(event.id, result.ticket, result.registration.holdUntil);
            leaveSite.to(checkout);
            return;
          }
          setConfirmation(result.message);
          setWaitlisted(result.registration.seatStatus === 'waitlisted');
          // Held for an online payment whose page did not open: not registered until paid.
          setTicketNotice(
            result.registration.seatStatus === 'held'
              ? { tone: 'due', text: result.message, held: true }
              : doorNotice(result),
          );
          setRegistering(false);
        }}
        onCloseAutoFocus={(e) => {
          // The Register buttons are gone once registered: land on the confirmation instead.
          const status = document.getElementById(REGISTRATION_STATUS_ID);
          if (status) {
            e.preventDefault();
            status.focus();
          }
        }}
      />
      <EventFormDialog
        mode={editing ? { kind: 'edit', event: editing } : null}
        onClose={() => setEditing(null)}
        onDone={(saved) => {
          // Deleted: back to the calendar. Saved as a new series: that series' page.
          if (!saved) navigate(paths.calendar.href(), { replace: true });
          else if (saved.id !== event.id) navigate(paths.event.href(saved.id), { replace: true });
        }}
      />
    </>
  );
}
