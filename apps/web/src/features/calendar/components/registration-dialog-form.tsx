import type { EventTicket, RegistrationResult, SeriesRegistrationResult } from '@chamber/contract';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { leaveSite } from '@/lib/leave-site';
import { useRegisterForEvent } from '../api/register-for-event';
import { useRegisterForSeries, useUpcomingSeriesDates } from '../api/register-for-series';
import { REGISTERED_KEY, setEventFlag } from '../lib/event-flags';
import {
  registrationBody,
  registrationDefaults,
  registrationFormSchema,
} from '../lib/registration-form';
import { RegistrationFields } from './registration-fields';
import { partyPrice, RegistrationPrice, registerLabel } from './registration-price';

/** An occurrence of a series: the form also offers every upcoming date. */
export type RegistrationSeries = {
  timezone: string;
  onRegistered: (result: SeriesRegistrationResult) => void;
} | null;

/** A date as the series' answer lists it, in the event's zone. */
const dateText = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** What registering for the whole series came to: each date seated or waitlisted. */
function SeriesAnswer({
  result,
  timezone,
  onDone,
}: {
  result: SeriesRegistrationResult;
  timezone: string;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      <p role="status">{result.message}</p>
      <ul aria-label="Your dates" className="grid gap-1 text-sm">
        {result.dates.map((d) => (
          <li key={d.eventId} className="flex justify-between gap-4">
            <span>{dateText(d.startTime, timezone)}</span>
            {/* The status keeps its line on a phone; the date wraps instead. */}
            <span
              className={cn('shrink-0', d.seatStatus === 'waitlisted' && 'text-muted-foreground')}
            >
              {d.seatStatus === 'waitlisted'
                ? `Waiting list, number ${d.waitlistPosition ?? 1}`
                : d.seatStatus === 'held'
                  ? 'Held for payment'
                  : 'Registered'}
            </span>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The registration dialog's form, loaded when the page can take a registration. */
export function RegistrationForm({
  eventId,
  onCancel,
  onRegistered,
  ticket,
  series,
}: {
  eventId: string;
  onCancel: () => void;
  onRegistered: (result: RegistrationResult) => void;
  ticket: EventTicket | null;
  series: RegistrationSeries;
}) {
  const { user } = useAuth();
  // Filled in from the signed-in user, also when the session is known only after the dialog
  // opened (it is read once the page has started): fields already typed in are kept.
  const form = useZodForm(registrationFormSchema, {
    values: registrationDefaults(user),
    resetOptions: { keepDirtyValues: true },
  });
  const register = useRegisterForEvent(eventId);
  const registerAll = useRegisterForSeries(eventId);
  const upcoming = useUpcomingSeriesDates(eventId, series !== null);
  const allCount = upcoming.data?.dates.length ?? 0;
  const [scope, setScope] = useState<'one' | 'all'>('one');
  const [answer, setAnswer] = useState<SeriesRegistrationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Set at once on the first press: a second press before the button re-renders disabled
  // must not send again.
  const sending = useRef(false);
  const guests = useWatch({ control: form.control, name: 'numberOfGuests' });
  const price = partyPrice(ticket, guests, series && scope === 'all' ? allCount : 1);

  if (answer && series) {
    return (
      <SeriesAnswer
        result={answer}
        timezone={series.timezone}
        onDone={() => series.onRegistered(answer)}
      />
    );
  }

  async function onSubmit(values: Parameters<typeof registrationBody>[0]) {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      if (series && scope === 'all') {
        const all = await registerAll.mutateAsync(registrationBody(values));
        setEventFlag(REGISTERED_KEY, eventId, true);
        if (all.ticket?.checkoutUrl) {
          // Paid online: the seats are held while Stripe's page takes the card.
          leaveSite.to(all.ticket.checkoutUrl);
          return;
        }
        setAnswer(all);
        return;
      }
      const result = await register.mutateAsync(registrationBody(values));
      setEventFlag(REGISTERED_KEY, eventId, true);
      onRegistered(result);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message
          ? failure.message
          : 'Registration failed. Please try again.',
      );
    } finally {
      sending.current = false;
    }
  }

  const pending = register.isPending || registerAll.isPending || form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={(values) => void onSubmit(values)} className="grid gap-4">
      {series && allCount > 1 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Register for</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="scope"
              checked={scope === 'one'}
              onChange={() => setScope('one')}
            />
            This date only
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="scope"
              checked={scope === 'all'}
              onChange={() => setScope('all')}
            />
            All upcoming dates ({allCount})
          </label>
        </fieldset>
      ) : null}
      <RegistrationFields
        withEmail
        notesPlaceholder="Dietary needs, accessibility, questions for the organizer"
      />
      {ticket && ticket.viewerPriceCents !== null ? (
        <RegistrationPrice ticket={ticket} price={price} />
      ) : null}
      <FormError>{error}</FormError>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {registerLabel(price)}
        </Button>
      </DialogFooter>
    </Form>
  );
}
