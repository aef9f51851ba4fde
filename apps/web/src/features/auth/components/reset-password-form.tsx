import { passwordPairSchema, type PasswordPair } from '@chamber/contract';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { PasswordPairFields } from '@/components/account/password-pair-fields';
import { ApiError } from '@/lib/api/client';
import { loginNoticeState } from '@/lib/auth/login-notice';
import { useResetPassword } from '../api/password-reset';
import { errorMessage } from '@/components/account/done-note';
import { AccountCard } from './account-card';

const askAgain = (
  <Link to={paths.forgotPassword.href()} className="font-medium underline">
    Ask for a new link
  </Link>
);

/**
 * /reset-password?token=…: the new password twice, with the spec's rules. Success signs the
 * account out everywhere and opens the sign-in page with a notice and the address.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<{ message: string; expired: boolean } | null>(null);
  const form = useZodForm(passwordPairSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  async function onSubmit(values: PasswordPair) {
    if (!token) return;
    setFormError(null);
    try {
      const done = await reset.mutateAsync({ token, ...values });
      navigate(paths.login.href(), {
        replace: true,
        state: loginNoticeState(done.email, done.message),
      });
    } catch (err) {
      setFormError({
        message: errorMessage(err),
        expired: err instanceof ApiError && err.code === 'invalid_token',
      });
    }
  }

  return (
    <AccountCard
      title="Choose a new password"
      description="Your new password signs you out on every device."
      icon={<KeyRoundIcon aria-hidden="true" />}
    >
      {token ? (
        <Form
          form={form}
          onSubmit={onSubmit}
          className="grid gap-5"
          aria-label="Choose a new password"
        >
          <FormError>
            {formError ? (
              <>
                {formError.message} {formError.expired ? askAgain : null}
              </>
            ) : null}
          </FormError>
          <PasswordPairFields />
          <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </Form>
      ) : (
        <p role="alert" className="text-sm">
          This page needs the link from the reset mail. {askAgain}
        </p>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AccountCard>
  );
}
