import type { TwoFactorSetup, TwoFactorStatus } from '@chamber/contract';
import { ShieldCheckIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RecoveryCodes } from '@/components/account/recovery-codes';
import { TotpSetupInstructions } from '@/components/account/totp-setup';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

const message = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** /profile, Two-factor sign-in: turning it on with an app, recovery codes, turning it off. */
export function TwoFactorCard() {
  const query = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Card role="region" className="max-w-4xl" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">Two-factor sign-in</CardTitle>
        <CardDescription>
          Sign in with your password and a code from an authenticator app on your phone, so a stolen
          password alone cannot open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {codes ? (
          <>
            <p role="status" className="font-medium">
              Two-factor sign-in is on. Here are your recovery codes.
            </p>
            <RecoveryCodes codes={codes} />
            <Button type="button" className="justify-self-start" onClick={() => setCodes(null)}>
              Done
            </Button>
          </>
        ) : query.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading two-factor sign-in" />
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p>{query.error.message}</p>
            <Button type="button" variant="outline" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : query.data.enabled ? (
          <EnabledState status={query.data} onCodes={setCodes} />
        ) : (
          <SetupFlow required={query.data.required} onCodes={setCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function SetupFlow({
  required,
  onCodes,
}: {
  required: boolean;
  onCodes: (codes: string[]) => void;
}) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();

  async function begin() {
    setError(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (err) {
      setError(message(err, 'Could not start the setup'));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code });
      // The card itself says so next: the recovery codes, then "on since".
      onCodes(recoveryCodes);
    } catch (err) {
      setError(message(err, 'Could not turn on two-factor sign-in'));
    }
  }

  if (!setup) {
    return (
      <div className="grid justify-items-start gap-3">
        <p>
          Two-factor sign-in is <strong>off</strong>.
          {required
            ? ' The chamber requires it for admins and moderators: you will be asked to set it up at your next sign-in.'
            : ''}
        </p>
        <FormError>{error}</FormError>
        <Button type="button" onClick={() => void begin()} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Turn on two-factor sign-in'}
        </Button>
      </div>
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={onSubmit}
      noValidate
      aria-label="Turn on two-factor sign-in"
    >
      <TotpSetupInstructions setup={setup} />
      <FormError>{error}</FormError>
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={codeId}>Code from the app</Label>
        <Input
          id={codeId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Verifying...' : 'Turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={() => setSetup(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type PasswordAction = 'codes' | 'disable';

function EnabledState({
  status,
  onCodes,
}: {
  status: TwoFactorStatus;
  onCodes: (codes: string[]) => void;
}) {
  const [action, setAction] = useState<PasswordAction | null>(null);
  return (
    <div className="grid gap-4">
      <p className="flex items-start gap-2">
        <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <span>
          Two-factor sign-in is <strong>on</strong>
          {status.enabledAt ? ` since ${day.format(new Date(status.enabledAt))}` : ''}.{' '}
          {status.recoveryCodesLeft === 1
            ? '1 recovery code left.'
            : `${status.recoveryCodesLeft} recovery codes left.`}
          {status.required ? ' The chamber requires it for admins and moderators.' : ''}
        </span>
      </p>
      {action ? (
        <PasswordPrompt action={action} onCodes={onCodes} onClose={() => setAction(null)} />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={() => setAction('codes')}>
            New recovery codes
          </Button>
          {status.required ? null : (
            <Button type="button" variant="outline" onClick={() => setAction('disable')}>
              Turn off
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function PasswordPrompt({
  action,
  onCodes,
  onClose,
}: {
  action: PasswordAction;
  onCodes: (codes: string[]) => void;
  onClose: () => void;
}) {
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();
  const pending = newCodes.isPending || disable.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setError(null);
    try {
      if (action === 'codes') {
        const { recoveryCodes } = await newCodes.mutateAsync({ password });
        onClose();
        onCodes(recoveryCodes);
      } else {
        await disable.mutateAsync({ password });
        toast.success('Two-factor sign-in is off');
        onClose();
      }
    } catch (err) {
      setError(message(err, 'Something went wrong'));
    }
  }

  return (
    <form
      className="grid max-w-sm gap-3"
      onSubmit={onSubmit}
      noValidate
      aria-label={action === 'codes' ? 'New recovery codes' : 'Turn off two-factor sign-in'}
    >
      <p className="text-sm">
        {action === 'codes'
          ? 'New codes replace the old ones, which stop working.'
          : 'Your account will be protected by your password alone.'}
      </p>
      <FormError>{error}</FormError>
      <div className="grid gap-2">
        <Label htmlFor={passwordId}>Your password</Label>
        <PasswordInput
          id={passwordId}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={action === 'disable' ? 'destructive' : 'default'}
          disabled={pending}
        >
          {action === 'codes' ? 'Make new codes' : 'Turn off'}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
