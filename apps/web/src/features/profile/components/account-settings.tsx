import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  type Profile,
} from '@chamber/contract';
import { EmailField } from '@/components/forms/email-field';
import { useMessageForm } from '@/components/forms/use-message-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormError, FormField } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { DoneNote } from '@/components/account/done-note';
import { PasswordPairFields } from '@/components/account/password-pair-fields';
import { useChangeEmail, useChangePassword } from '../api/account-changes';

/** The sign-in part of /profile: the password and the sign-in address. */
export function AccountSettings({ profile }: { profile: Profile }) {
  return (
    <div className="grid max-w-4xl gap-6 md:grid-cols-2">
      <ChangePasswordCard />
      <ChangeEmailCard profile={profile} />
    </div>
  );
}

function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const change = useChangePassword();
  const { form, done, problem, submit } = useMessageForm(
    changePasswordRequestSchema,
    { currentPassword: '', password: '', confirmPassword: '' },
    change.mutateAsync,
    { resetOnDone: true },
  );

  return (
    <SettingsCard
      title="Change password"
      description="Your other devices are signed out; this one stays signed in."
    >
      {done ? <DoneNote>{done}</DoneNote> : null}
      <Form form={form} onSubmit={submit} className="grid gap-4" aria-label="Change password">
        <FormError>{problem}</FormError>
        <FormField
          control={form.control}
          name="currentPassword"
          label="Current password"
          render={({ field, controlProps }) => (
            <PasswordInput {...field} {...controlProps} autoComplete="current-password" />
          )}
        />
        <PasswordPairFields />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </Form>
    </SettingsCard>
  );
}

function ChangeEmailCard({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const { form, done, problem, submit } = useMessageForm(
    changeEmailRequestSchema,
    { email: '', currentPassword: '' },
    change.mutateAsync,
    { resetOnDone: true },
  );

  return (
    <SettingsCard
      title="Change sign-in email"
      description={`You sign in with ${profile.email}. We send a link to the new address; nothing changes until you open it.`}
    >
      {done ? <DoneNote>{done}</DoneNote> : null}
      <Form form={form} onSubmit={submit} className="grid gap-4" aria-label="Change sign-in email">
        <FormError>{problem}</FormError>
        <EmailField control={form.control} label="New email" />
        <FormField
          control={form.control}
          name="currentPassword"
          label="Current password"
          render={({ field, controlProps }) => (
            <PasswordInput {...field} {...controlProps} autoComplete="current-password" />
          )}
        />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </Form>
    </SettingsCard>
  );
}
