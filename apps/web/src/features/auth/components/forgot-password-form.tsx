import { forgotPasswordRequestSchema } from '@chamber/contract';
import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmailField } from '@/components/forms/email-field';
import { useMessageForm } from '@/components/forms/use-message-form';
import { Button } from '@/components/ui/button';
import { Form, FormError } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/password-reset';
import { DoneNote } from '@/components/account/done-note';
import { AccountCard } from './account-card';

/** /forgot-password: an address in, the one answer out (it never says whether it has an account). */
export function ForgotPasswordForm({ defaultEmail }: { defaultEmail?: string }) {
  const request = useForgotPassword();
  const {
    form,
    done: sent,
    problem,
    submit,
  } = useMessageForm(
    forgotPasswordRequestSchema,
    { email: defaultEmail ?? '' },
    request.mutateAsync,
  );

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
        <Form form={form} onSubmit={submit} className="grid gap-5" aria-label="Forgot password">
          <FormError>{problem}</FormError>
          <EmailField control={form.control} />
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
