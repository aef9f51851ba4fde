import { passwordPairSchema, type ContactRef, type PasswordPair } from '@chamber/contract';
import { CircleCheckIcon, KeyRoundIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { loginNoticeState } from '@/lib/auth/login-notice';
import { useRegisterExisting } from '../api/register-existing';
import { onboardingText, REDIRECT_AFTER_REGISTRATION_MS, registrationError } from './messages';
import { StepCard, SuccessNote } from './step-card';
import { PasswordPairFields } from '@/components/account/password-pair-fields';

/**
 * Step 'Complete Registration': the confirmed address (fixed) and a password. On success the
 * spec's message shows, and after 2 s the sign-in page opens with a notice and the address.
 */
export function CompleteRegistrationStep({
  email,
  contact,
  claimToken,
  onStartOver,
}: {
  email: string;
  contact: ContactRef | null;
  /** From the confirm-email step: the server's proof that this browser entered the code. */
  claimToken: string | null;
  onStartOver: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const register = useRegisterExisting();
  const [formError, setFormError] = useState<{ message: string; startOver: boolean } | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useZodForm(passwordPairSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => form.setFocus('password'), [form]);
  useEffect(() => {
    if (!registeredEmail) return;
    const timer = setTimeout(
      () =>
        navigate(paths.login.href(), {
          replace: true,
          state: loginNoticeState(registeredEmail, onboardingText.registered),
        }),
      REDIRECT_AFTER_REGISTRATION_MS,
    );
    return () => clearTimeout(timer);
  }, [registeredEmail, navigate]);

  async function onSubmit(values: PasswordPair) {
    setFormError(null);
    try {
      const result = await register.mutateAsync({
        email,
        ...values,
        existingContactId: contact?.id,
        isExistingContact: true,
        ...(claimToken ? { claimToken } : {}),
      });
      setRegisteredEmail(result.email);
    } catch (err) {
      const status = (err as { status?: number }).status;
      // 403: the confirmation lapsed, was spent, or was never made; a new code is the way on.
      setFormError({ message: registrationError(err), startOver: status === 403 });
    }
  }

  const who = contact
    ? [contact.businessName, `${contact.firstName} ${contact.lastName}`.trim()]
        .filter(Boolean)
        .join(' · ')
    : null;

  if (registeredEmail) {
    return (
      <StepCard
        title="Complete Registration"
        description="Your sign-in is set up."
        links={false}
        icon={<CircleCheckIcon aria-hidden="true" />}
      >
        <div role="status" className="grid gap-2">
          <SuccessNote>{onboardingText.registered}</SuccessNote>
          <p className="text-center text-sm text-muted-foreground">Taking you to sign in...</p>
        </div>
      </StepCard>
    );
  }

  return (
    <StepCard
      title="Complete Registration"
      description={
        who ? (
          <>
            Your email is confirmed for <strong className="text-foreground">{who}</strong>. Choose a
            password to finish.
          </>
        ) : (
          'Your email is confirmed. Choose a password to finish.'
        )
      }
      icon={<KeyRoundIcon aria-hidden="true" />}
    >
      <Form
        form={form}
        onSubmit={onSubmit}
        className="grid gap-5"
        aria-label="Complete registration"
      >
        <FormError>
          {formError ? (
            <>
              {formError.message}
              {formError.startOver ? (
                <>
                  {' '}
                  <button
                    type="button"
                    onClick={onStartOver}
                    className="cursor-pointer underline underline-offset-2"
                  >
                    Start over
                  </button>
                </>
              ) : null}
            </>
          ) : null}
        </FormError>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            readOnly
            aria-readonly
            autoComplete="username"
            className="bg-muted"
          />
        </div>
        <PasswordPairFields label="Password" />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Registering...' : 'Complete Registration'}
        </Button>
      </Form>
    </StepCard>
  );
}
