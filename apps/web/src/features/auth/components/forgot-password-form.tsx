import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@chamber/contract';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormError, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/password-reset';
import { DoneNote, errorMessage } from '@/components/account/done-note';
import { AccountCard } from './account-card';

/** /forgot-password: an address in, the one answer out (it never says whether it has an account). */
export function ForgotPasswordForm({ defaultEmail }: { defaultEmail?: string }) {
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordRequestSchema, {
    defaultValues: { email: defaultEmail ?? '' },
  });

  async function onSubmit(values: ForgotPasswordRequest) {
    setFormError(null);
    try {
      setSent((await request.mutateAsync(values)).message);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  return (
    <AccountCard
      title="Forgot password"
      description="Enter the email address you sign in with, and we will mail you a link to choose a new password."
      icon={<MailIcon aria-hidden="true" />}
    >
      {sent ? (
        <>
          <DoneNote>{sent}.</DoneNote>
          <p className="text-sm text-muted-foreground">
            The link works once, for 30 minutes. Nothing there? Check your spam folder, or ask again
            in a few minutes.
          </p>
        </>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="grid gap-5" aria-label="Forgot password">
          <FormError>{formError}</FormError>
          <FormField
            control={form.control}
            name="email"
            label="Email"
            render={({ field, controlProps }) => (
              <Input
                {...field}
                {...controlProps}
                type="email"
                autoComplete="email"
                inputMode="email"
              />
            )}
          />
          <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </Form>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </p>
    </AccountCard>
  );
}
