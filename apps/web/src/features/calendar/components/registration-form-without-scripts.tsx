import { REGISTRATION_MAX_GUESTS, REGISTRATION_MIN_GUESTS } from '@chamber/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** POST …/registration-form: the registration as a plain form, answered with a page. */
export const registrationFormAction = (eventId: string) =>
  `/api/calendars/appointments/${encodeURIComponent(eventId)}/registration-form`;

const labelClass = 'grid gap-1.5 text-sm font-medium';

/**
 * The registration as a form that posts without scripts: what the event page shows at
 * `?register=true` (where its Register button leads before the page's scripts have run) until
 * they run, when the registration dialog opens instead. The server registers the party by
 * the same rule and answers with a page (or a paid event's Checkout page).
 */
export function RegistrationFormWithoutScripts({
  eventId,
  waitlist,
}: {
  eventId: string;
  waitlist: boolean;
}) {
  const guests = Array.from(
    { length: REGISTRATION_MAX_GUESTS - REGISTRATION_MIN_GUESTS + 1 },
    (_, i) => REGISTRATION_MIN_GUESTS + i,
  );
  return (
    <form
      method="post"
      action={registrationFormAction(eventId)}
      id="registration"
      aria-label="Registration"
      className="grid gap-3"
    >
      <label className={labelClass}>
        Full Name*
        <Input name="name" autoComplete="name" required maxLength={200} />
      </label>
      <label className={labelClass}>
        Email*
        <Input name="email" type="email" autoComplete="email" required maxLength={254} />
      </label>
      <label className={labelClass}>
        Phone (optional)
        <Input name="phone" type="tel" autoComplete="tel" maxLength={40} />
      </label>
      <label className={labelClass}>
        Number of Guests
        <select
          name="numberOfGuests"
          defaultValue="1"
          className="h-9 rounded-md border border-input bg-transparent px-3 text-base md:text-sm"
        >
          {guests.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Notes (optional)
        <Textarea name="notes" maxLength={2000} rows={3} />
      </label>
      <Button type="submit" size="lg">
        {waitlist ? 'Join the Waiting List' : 'Register Now'}
      </Button>
    </form>
  );
}
