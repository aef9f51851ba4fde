import type { AdminUser } from '@chamber/contract';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Control } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormError, InputField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { SelectOption } from '@/components/forms/select-options';
import { SelectField } from '@/components/forms/select-field';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { useUpdateUser } from '../api/update-user';
import { capitalise } from '@/lib/members/labels';
import { paths } from '@/config/paths';
import { fullName, roleOptions, statusOptions } from '../lib/labels';
import { ResetTwoFactor } from './reset-two-factor';
import { SendResetLinkButton } from './send-reset-link-button';
import type { UserDialogProps } from '../lib/user-dialog';
import { userFormSchema, userFormValues, type UserFormValues } from '../lib/user-form';
import { useFormSave } from './use-form-save';
import { UserDialogFrame } from './user-dialog-frame';

type FormControl = Control<UserFormValues, unknown, ReturnType<typeof userFormSchema.parse>>;

/** The edit dialog (docs/product.md#screens): every field of the account, its listing and its membership. */
export function EditUserDialog({ isSelf, ...dialog }: UserDialogProps & { isSelf: boolean }) {
  const { user, onOpenChange } = dialog;
  return (
    <UserDialogFrame
      {...dialog}
      className="max-w-2xl"
      title="Edit User"
      description={user ? `Update ${fullName(user)}’s account, listing and membership.` : null}
    >
      {(user) => (
        <>
          {/* Keyed by user so each opening starts from that user's saved values. */}
          <EditUserForm
            key={user.id}
            user={user}
            isSelf={isSelf}
            onDone={() => onOpenChange(false)}
          />
          <ResetTwoFactor key={`reset-${user.id}`} user={user} />
        </>
      )}
    </UserDialogFrame>
  );
}

function EditUserForm({
  user,
  isSelf,
  onDone,
}: {
  user: AdminUser;
  isSelf: boolean;
  onDone: () => void;
}) {
  const mutation = useUpdateUser();
  const planName = usePlanName();
  const form = useZodForm(userFormSchema, { defaultValues: userFormValues(user) });
  const { serverError, run } = useFormSave('Failed to update user');

  function onSubmit(body: ReturnType<typeof userFormSchema.parse>) {
    return run(async () => {
      await mutation.mutateAsync({ id: user.id, body });
      toast.success('User updated successfully');
      onDone();
    });
  }

  const control = form.control;
  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-6" aria-label="Edit user">
      <Group title="Person">
        <TextField control={control} name="firstName" label="First Name*" autoComplete="off" />
        <TextField control={control} name="lastName" label="Last Name*" autoComplete="off" />
        <TextField control={control} name="email" label="Email*" type="email" autoComplete="off" />
        <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="off" />
      </Group>
      <Group title="Business">
        <TextField control={control} name="businessName" label="Business Name" autoComplete="off" />
        <TextField
          control={control}
          name="website"
          label="Website"
          type="url"
          placeholder="https://"
          autoComplete="off"
        />
      </Group>
      <Group title="Account and membership">
        <ChoiceField control={control} name="role" label="Role" options={roleOptions} />
        <ChoiceField
          control={control}
          name="status"
          label="Status"
          options={statusOptions}
          disabled={isSelf}
          description={isSelf ? 'You cannot suspend your own account.' : undefined}
        />
        <ReadOnlyField label="Membership Tier" value={planName(user.membershipTier)} />
        <ReadOnlyField label="Payment Status" value={capitalise(user.paymentStatus)} />
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Tier and payment status follow the membership: its plan, invoices and payments.{' '}
          {user.membershipId ? (
            <Link
              to={`${paths.admin.path}?tab=memberships&membership=${encodeURIComponent(user.membershipId)}`}
              onClick={onDone}
              className="font-medium text-primary underline underline-offset-4"
            >
              Open the membership
            </Link>
          ) : (
            'This account has no membership yet.'
          )}
        </p>
      </Group>
      <SendResetLinkButton user={user} />
      <FormError>{serverError}</FormError>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">{title}</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type TextName = 'firstName' | 'lastName' | 'email' | 'phone' | 'businessName' | 'website';

function TextField({
  control,
  name,
  label,
  ...inputProps
}: { control: FormControl; name: TextName; label: string } & ComponentProps<typeof Input>) {
  return <InputField control={control} name={name} label={label} {...inputProps} />;
}

type ChoiceName = 'role' | 'status';

/** A value the dialog shows but does not change: labelled, readable, not a form control. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <span id={id} className="text-sm leading-none font-medium">
        {label}
      </span>
      <p
        aria-labelledby={id}
        className="flex h-9 items-center rounded-md border border-dashed bg-muted/40 px-3 text-sm"
      >
        {value}
      </p>
    </div>
  );
}

function ChoiceField({
  control,
  name,
  label,
  options,
  disabled,
  description,
}: {
  control: FormControl;
  name: ChoiceName;
  label: string;
  options: SelectOption[];
  disabled?: boolean;
  description?: string;
}) {
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      description={description}
      options={options}
      disabled={disabled}
    />
  );
}
