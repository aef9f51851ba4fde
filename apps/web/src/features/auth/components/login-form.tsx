import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmailField } from '@/components/forms/email-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormError, FormField, useZodForm } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { SecondFactorRequired } from '@/lib/auth/session';
import { useAuth } from '@/lib/auth/use-auth';
import { SecondFactorStep } from './second-factor-step';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.'),
  password: z.string().min(1, 'Enter your password.'),
  remember: z.boolean(),
});

/**
 * The sign-in form (docs/product.md#screens Sign in). Once signed in the session is set; the page decides
 * where to go next. `onSuccess` is for callers that need to know.
 */
export function LoginForm({
  onSuccess,
  defaultEmail,
}: {
  onSuccess?: () => void;
  /** Filled in (e.g. just after registering); the password field then takes the focus. */
  defaultEmail?: string | undefined;
}) {
  const { login } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondFactorRequired | null>(null);
  const form = useZodForm(loginSchema, {
    defaultValues: { email: defaultEmail ?? '', password: '', remember: false },
  });
  useEffect(() => {
    if (defaultEmail) form.setFocus('password');
  }, [defaultEmail, form]);
  const submitting = form.formState.isSubmitting;

  async function onSubmit(values: z.output<typeof loginSchema>) {
    setFormError(null);
    try {
      await login(values.email, values.password, values.remember);
      onSuccess?.();
    } catch (error) {
      if (error instanceof SecondFactorRequired) setSecondStep(error);
      else setFormError(error instanceof Error && error.message ? error.message : 'Login failed');
    }
  }

  if (secondStep) {
    return (
      <SecondFactorStep
        challenge={secondStep.challenge}
        remember={secondStep.remember}
        onSuccess={onSuccess}
        onCancel={() => {
          setSecondStep(null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in">
      <FormError>{formError}</FormError>
      <EmailField control={form.control} />
      <FormField
        control={form.control}
        name="password"
        label="Password"
        render={({ field, controlProps }) => (
          <PasswordInput {...field} {...controlProps} autoComplete="current-password" />
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FormField
          control={form.control}
          name="remember"
          label="Remember me"
          layout="inline"
          render={({ field, controlProps }) => (
            <Checkbox
              {...controlProps}
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <Link
          to={paths.forgotPassword.href()}
          className="text-sm font-medium text-primary hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
      <div className="grid gap-2 text-center text-sm text-muted-foreground">
        <p>
          Don&apos;t have an account?{' '}
          <Link to={paths.register.href()} className="font-medium text-primary hover:underline">
            Create one
          </Link>
        </p>
        <p>
          <Link
            to={paths.registerExisting.href()}
            className="font-medium text-primary hover:underline"
          >
            Register with existing contact
          </Link>
        </p>
      </div>
    </Form>
  );
}
