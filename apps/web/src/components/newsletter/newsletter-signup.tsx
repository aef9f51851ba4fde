import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@/components/account/done-note';
import { SuccessNote } from '@/components/newsletter/success-note';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/lib/use-hydrated';
import { useNewsletterSubscribe } from '@/lib/newsletter';
import { cn } from '@/lib/utils';

export const NEWSLETTER_CHECK_INBOX = 'Check your inbox to confirm your subscription.';
export const NEWSLETTER_BAD_ADDRESS = 'Enter a valid email address.';

/** Roughly what the server accepts; the server has the last word and its refusal shows too. */
const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * The public 'Get our newsletter' sign-up: an address and "Subscribe". The server mails a
 * confirmation link (double opt-in); a bad address or the server's refusal shows below the
 * field. The answer lies over the form, which keeps its room (hidden, out of the tab order),
 * so the page around it does not move. A plain form with no form library: it is in the footer
 * of every page, so it stays out of the way of the first page's scripts.
 */
export function NewsletterSignup({ label, className }: { label: string; className?: string }) {
  const subscribe = useNewsletterSubscribe();
  const hydrated = useHydrated();
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeAddress(address)) {
      setProblem(NEWSLETTER_BAD_ADDRESS);
      return;
    }
    setProblem(null);
    subscribe.mutate(
      { email: address },
      {
        onSuccess: () => setDone(true),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  return (
    <div className={cn('relative', className)}>
      <form
        noValidate
        aria-label={label}
        onSubmit={submit}
        className={cn('grid gap-2', done && 'invisible')}
      >
        <label htmlFor={`${id}-email`} className="text-sm leading-tight font-medium">
          Email
        </label>
        <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            disabled={!hydrated}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-problem`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={!hydrated || subscribe.isPending}>
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </div>
        {/* An alert only while it says something: the page's own alerts stay the only ones. */}
        <p
          id={`${id}-problem`}
          role={problem ? 'alert' : undefined}
          className="text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      </form>
      {done ? (
        <div className="absolute inset-x-0 top-0">
          <SuccessNote>{NEWSLETTER_CHECK_INBOX}</SuccessNote>
        </div>
      ) : null}
    </div>
  );
}
