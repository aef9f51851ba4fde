import type { MfaRequired, Profile, TwoFactorSetup } from '@chamber/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RecoveryCodes } from '@/components/account/recovery-codes';
import { TotpSetupInstructions } from '@/components/account/totp-setup';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { startSignInEnrolment } from '../api/sign-in-enrolment';

/**
 * The sign-in's second step: a code from the authenticator app or a recovery code; or, for
 * staff the chamber requires it of who have none yet, setting it up first, then the recovery
 * codes before going on.
 */
export function SecondFactorStep({
  challenge,
  remember,
  onCancel,
  onSuccess,
}: {
  challenge: MfaRequired;
  remember: boolean;
  onCancel: () => void;
  onSuccess?: () => void;
}) {
  const { completeSecondFactor, setUser } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ user: Profile; recoveryCodes: string[] } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!challenge.enrol) return;
    let active = true;
    startSignInEnrolment(challenge.challengeId).then(
      (answer) => active && setSetup(answer),
      (err: unknown) => active && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      active = false;
    };
  }, [challenge]);

  useEffect(() => {
    input.current?.focus();
  }, [setup]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your authenticator app or a recovery code.');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await completeSecondFactor({
        challengeId: challenge.challengeId,
        code,
        remember,
      });
      if (result.recoveryCodes) setDone({ user: result.user, recoveryCodes: result.recoveryCodes });
      else onSuccess?.();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Login failed');
      setCode('');
      input.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <div className="grid gap-5">
        <h2 className="text-lg font-semibold">Two-factor sign-in is on</h2>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button
          type="button"
          size="lg"
          onClick={() => {
            setUser(done.user);
            onSuccess?.();
          }}
        >
          I have saved my recovery codes
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5" aria-label="Two-factor sign-in" noValidate>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">
          {challenge.enrol ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
        </h2>
        <p className="text-sm text-muted-foreground">
          {challenge.enrol
            ? 'The chamber requires two-factor sign-in for admins and moderators. Add your account to an authenticator app, then enter the code it shows.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {challenge.enrol ? (
        setup ? (
          <TotpSetupInstructions setup={setup} />
        ) : error ? null : (
          <Skeleton className="h-44 w-full" aria-label="Loading the setup" />
        )
      ) : null}
      <FormError>{error}</FormError>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          {challenge.enrol ? 'Code from the app' : 'Authentication code'}
        </Label>
        <Input
          ref={input}
          id={inputId}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={challenge.enrol ? 'numeric' : 'text'}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          maxLength={64}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {challenge.enrol
            ? 'Six digits; a new code appears every 30 seconds.'
            : 'Lost your phone? Enter one of your recovery codes instead.'}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={submitting || (challenge.enrol && !setup)}>
        {submitting ? 'Verifying...' : challenge.enrol ? 'Turn on and sign in' : 'Verify'}
      </Button>
      <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}
