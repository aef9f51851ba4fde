import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * A new password and its confirmation (the spec's password rules), inside a <Form>: sign-up
 * (labelled 'Password'), the reset page and the profile's password change share it.
 */
export function PasswordPairFields({ label = 'New password' }: { label?: string }) {
  const { control } = useFormContext<{ password: string; confirmPassword: string }>();
  return (
    <>
      <FormField
        control={control}
        name="password"
        label={label}
        description="At least 8 characters."
        render={({ field, controlProps }) => (
          <PasswordInput {...field} {...controlProps} autoComplete="new-password" />
        )}
      />
      <FormField
        control={control}
        name="confirmPassword"
        label="Confirm password"
        render={({ field, controlProps }) => (
          <PasswordInput {...field} {...controlProps} autoComplete="new-password" />
        )}
      />
    </>
  );
}
