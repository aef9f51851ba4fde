import type { VerifyConfirmationResponse } from '@chamber/contract';
import { MailCheckIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import { useSendConfirmation } from '../api/send-confirmation';
import { useVerifyConfirmation } from '../api/verify-confirmation';
import { CodeInput, emptyCode, isCompleteCode } from './code-input';
import { confirmationCodeError, onboardingText, RESEND_NOTICE_MS, resendError } from './messages';
import { StepCard, SuccessNote } from './step-card';

/** Step 2, 'Check Your Email': the six-digit code, with a resend. */
export function ConfirmEmailStep({
  email,
  onConfirmed,
}: {
  email: string;
  /** The contact the code proved and the claim token the registration step must send. */
  onConfirmed: (confirmed: VerifyConfirmationResponse) => void;
}) {
  const id = useId();
  const [digits, setDigits] = useState(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const firstBox = useRef<HTMLInputElement | null>(null);
  const verify = useVerifyConfirmation();
  const resend = useSendConfirmation();

  useEffect(() => firstBox.current?.focus(), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), RESEND_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function startOver(message: string | null) {
    setError(message);
    setDigits(emptyCode());
    firstBox.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(digits) || verify.isPending) return;
    setError(null);
    setNotice(null);
    try {
      const result = await verify.mutateAsync({ email, code: digits.join('') });
      onConfirmed(result);
    } catch (err) {
      startOver(confirmationCodeError(err));
    }
  }

  async function onResend() {
    setError(null);
    setNotice(null);
    try {
      await resend.mutateAsync({ email });
      startOver(null);
      setNotice(onboardingText.resent);
    } catch (err) {
      setError(resendError(err));
    }
  }

  return (
    <StepCard
      title="Check Your Email"
      description={
        <>
          We sent a 6-digit code to{' '}
          <strong className="text-foreground [overflow-wrap:anywhere]">{email}</strong>. Enter it
          below; it expires in 10 minutes.
        </>
      }
      icon={<MailCheckIcon aria-hidden="true" />}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Confirmation code">
        <FormError>{error}</FormError>
        <div role="status" className={notice ? '' : 'sr-only'}>
          {notice ? <SuccessNote>{notice}</SuccessNote> : null}
        </div>
        <div className="grid justify-items-center gap-2">
          <CodeInput
            value={digits}
            onChange={(next) => {
              setDigits(next);
              if (error) setError(null);
            }}
            invalid={Boolean(error)}
            describedBy={`${id}-hint`}
            inputRef={(element) => {
              firstBox.current = element;
            }}
          />
          <p id={`${id}-hint`} className="text-center text-sm text-muted-foreground">
            Digits only. You can paste the whole code into the first box.
          </p>
        </div>
        <Button type="submit" size="lg" disabled={!isCompleteCode(digits) || verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify Code'}
        </Button>
        <div className="grid justify-items-center gap-1 text-center text-sm text-muted-foreground">
          <p>Didn&apos;t get the email? Check your spam folder, or send it again.</p>
          <Button
            type="button"
            variant="outline"
            onClick={onResend}
            disabled={resend.isPending}
            className="w-full sm:w-auto"
          >
            {resend.isPending ? 'Sending...' : 'Resend email'}
          </Button>
        </div>
      </form>
    </StepCard>
  );
}
