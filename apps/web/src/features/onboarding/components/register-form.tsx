import { registerRequestSchema, type RegisterRequest } from '@chamber/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EmailField } from '@/components/forms/email-field';
import { Button } from '@/components/ui/button';
import { Form, FormError, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { loginNoticeState } from '@/lib/auth/login-notice';
import { useAuth } from '@/lib/auth/use-auth';
import { useRegister } from '../api/register';
import { registrationError } from './messages';
import { PasswordPairFields } from '@/components/account/password-pair-fields';

type Problem = { message: string; link: 'sign-in' | 'connect' | null };

/**
 * A new member's registration: names, business, email and a password. The member is signed
 * in at once and taken to their profile; staff confirm the membership before the business
 * is listed in the directory.
 */
export function RegisterForm({
  defaultEmail = '',
  defaults,
  onRegistered,
  joining,
}: {
  defaultEmail?: string;
  /** Filled in from an earlier step (the join page's details). */
  defaults?: { firstName?: string; lastName?: string; businessName?: string; email?: string };
  /** Signed in after registering: the caller goes on instead of to the profile. */
  onRegistered?: () => void;
  /** Signing up on /join: the join's own mails welcome the member. */
  joining?: boolean;
}) {
  const navigate = useNavigate();
  const { login } = useAuth();
  const register = useRegister();
  const [problem, setProblem] = useState<Problem | null>(null);
  const form = useZodForm(registerRequestSchema, {
    defaultValues: {
      firstName: defaults?.firstName ?? '',
      lastName: defaults?.lastName ?? '',
      businessName: defaults?.businessName ?? '',
      email: defaults?.email ?? defaultEmail,
      password: '',
      confirmPassword: '',
    },
  });
  const submitting = form.formState.isSubmitting;

  async function onSubmit(values: RegisterRequest) {
    setProblem(null);
    let email: string;
    try {
      const result = await register.mutateAsync(joining ? { ...values, joining } : values);
      email = result.email;
      toast.success(result.message, { duration: 8000 });
    } catch (err) {
      const code = (err as { code?: string }).code;
      setProblem({
        message: registrationError(err),
        link: code === 'conflict' ? 'sign-in' : code === 'contact_on_file' ? 'connect' : null,
      });
      return;
    }
    try {
      await login(email, values.password);
      if (onRegistered) onRegistered();
      else navigate(paths.profile.href(), { replace: true });
    } catch {
      // The account exists; signing in by hand is the way on.
      navigate(paths.login.href(), {
        replace: true,
        state: loginNoticeState(email, 'Your account was created. Please sign in.'),
      });
    }
  }

  const email = form.watch('email').trim();
  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-5" aria-label="Create an account">
      <FormError>
        {problem ? (
          <>
            {problem.message}
            {problem.link ? ' ' : null}
            {problem.link === 'sign-in' ? (
              <Link
                to={paths.login.href()}
                state={loginNoticeState(email)}
                className="underline underline-offset-2"
              >
                Sign in
              </Link>
            ) : problem.link === 'connect' ? (
              <Link
                to={paths.registerExisting.href(email)}
                className="underline underline-offset-2"
              >
                Connect your membership
              </Link>
            ) : null}
          </>
        ) : null}
      </FormError>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          label="First name"
          render={({ field, controlProps }) => (
            <Input {...field} {...controlProps} autoComplete="given-name" />
          )}
        />
        <FormField
          control={form.control}
          name="lastName"
          label="Last name"
          render={({ field, controlProps }) => (
            <Input {...field} {...controlProps} autoComplete="family-name" />
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="businessName"
        label="Business name"
        description="Leave empty if you are joining as an individual."
        render={({ field, controlProps }) => (
          <Input
            {...field}
            {...controlProps}
            value={field.value ?? ''}
            autoComplete="organization"
          />
        )}
      />
      <EmailField control={form.control} />
      <PasswordPairFields label="Password" />
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        {submitting ? 'Creating your account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        By creating an account you agree to the{' '}
        <Link to={paths.terms.href()} className="font-medium text-primary hover:underline">
          Terms
        </Link>{' '}
        and the{' '}
        <Link to={paths.privacy.href()} className="font-medium text-primary hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </Form>
  );
}
