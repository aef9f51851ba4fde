import { emailSchema } from '@chamber/contract';
import { MailSearchIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { loginNoticeState } from '@/lib/auth/login-notice';
import { useSendConfirmation } from '../api/send-confirmation';
import { useVerifyContact } from '../api/verify-contact';
import { useChamber } from '@/lib/chamber/use-chamber';
import { onboardingText, sendCodeError, verifyContactError } from './messages';
import { StepCard } from './step-card';

export type VerifyOutcome = 'code-sent' | 'not-found';

/**
 * Step 1, 'Connect Your Membership': looks the address up; a roster contact is sent a code at
 * once. An address from the link (`?email=`) is filled in and cannot be changed.
 */
export function VerifyStep({
  email,
  onEmailChange,
  locked,
  onDone,
  headingRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  locked: boolean;
  onDone: (outcome: VerifyOutcome, email: string) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const verify = useVerifyContact();
  const send = useSendConfirmation();
  const { location } = useChamber();
  const [error, setError] = useState<{
    message: string;
    signIn?: boolean;
    notSent?: boolean;
  } | null>(null);
  const busy = verify.isPending || send.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError({ message: onboardingText.invalidEmail, signIn: false });
      return;
    }
    const address = parsed.data;
    let exists: boolean;
    try {
      exists = (await verify.mutateAsync({ email: address })).exists;
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError({ message: verifyContactError(err), signIn: status === 409 });
      return;
    }
    if (!exists) {
      onDone('not-found', address);
      return;
    }
    try {
      await send.mutateAsync({ email: address });
      onDone('code-sent', address);
    } catch (err) {
      // Registration needs the emailed code (the proof that the mailbox is theirs), so the
      // page stays here, says what failed and what to do, and the button tries again.
      setError({ message: sendCodeError(err), notSent: true });
    }
  }

  return (
    <StepCard
      title="Connect Your Membership"
      description="Is your business already a chamber member? Enter the email address the chamber has on file for you, and we will send you a code to set up your sign-in."
      icon={<MailSearchIcon aria-hidden="true" />}
      headingRef={headingRef}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Verify contact">
        <FormError>
          {error ? (
            <>
              {error.message}
              {error.signIn ? (
                <>
                  {' '}
                  <Link
                    to={paths.login.href()}
                    state={loginNoticeState(email.trim())}
                    className="underline underline-offset-2"
                  >
                    Sign in
                  </Link>
                </>
              ) : null}
              {error.notSent ? (
                <span className="mt-1 block">
                  {onboardingText.sendFailedHelp}{' '}
                  <Link to={paths.contact.href()} className="underline underline-offset-2">
                    contact the chamber
                  </Link>
                  {location?.phone ? ` at ${location.phone}` : ''} and they will connect your
                  account.
                </span>
              ) : null}
            </>
          ) : null}
        </FormError>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            readOnly={locked}
            aria-readonly={locked || undefined}
            aria-invalid={Boolean(error) && !error?.signIn && !error?.notSent}
            aria-describedby={locked ? `${id}-locked` : undefined}
            onChange={(event) => onEmailChange(event.target.value)}
            className={locked ? 'bg-muted' : undefined}
          />
          {locked ? (
            <p id={`${id}-locked`} className="text-sm text-muted-foreground">
              This is the address your invitation was sent to.
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" disabled={email.trim() === '' || busy}>
          {busy ? 'Checking...' : 'Verify Contact'}
        </Button>
      </form>
    </StepCard>
  );
}
