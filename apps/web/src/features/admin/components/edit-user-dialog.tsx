import type { AdminUser } from '@chamber/contract';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormError, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { type SelectOption, SelectOptions } from '@/components/forms/labelled-select';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { useUpdateUser } from '../api/update-user';
import { failureMessage } from '../lib/errors';
import { fullName, paymentOptions, roleOptions, statusOptions, tierOptions } from '../lib/labels';
import { ResetTwoFactor } from './reset-two-factor';
import { SendResetLinkButton } from './send-reset-link-button';
import type { UserDialogProps } from '../lib/user-dialog';
import { userFormSchema, userFormValues, type UserFormValues } from '../lib/user-form';

type FormControl = Control<UserFormValues, unknown, ReturnType<typeof userFormSchema.parse>>;

/** The edit dialog (spec §2): every field of the account, its listing and its membership. */
export function EditUserDialog({
  user,
  open,
  isSelf,
  onOpenChange,
  onCloseAutoFocus,
}: UserDialogProps & { isSelf: boolean }) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            {user ? `Update ${fullName(user)}’s account, listing and membership.` : null}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by user so each opening starts from that user's saved values. */}
        {user ? (
          <EditUserForm
            key={user.id}
            user={user}
            isSelf={isSelf}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
        {user ? <ResetTwoFactor key={`reset-${user.id}`} user={user} /> : null}
      </DialogContent>
    </Dialog>
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
  const [serverError, setServerError] = useState<string | null>(null);

  async function onSubmit(body: ReturnType<typeof userFormSchema.parse>) {
    setServerError(null);
    try {
      await mutation.mutateAsync({ id: user.id, body });
      toast.success('User updated successfully');
      onDone();
    } catch (error) {
      const message = failureMessage(error, 'Failed to update user');
      setServerError(message);
      toast.error(message);
    }
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
        <ChoiceField
          control={control}
          name="membershipTier"
          label="Membership Tier"
          options={tierOptions(planName)}
        />
        <ChoiceField
          control={control}
          name="paymentStatus"
          label="Payment Status"
          options={paymentOptions}
        />
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
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={({ field, controlProps }) => <Input {...field} {...controlProps} {...inputProps} />}
    />
  );
}

type ChoiceName = 'role' | 'status' | 'membershipTier' | 'paymentStatus';

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
    <FormField
      control={control}
      name={name}
      label={label}
      description={description}
      render={({ field, controlProps }) => (
        <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
          <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue />
          </SelectTrigger>
          <SelectOptions options={options} />
        </Select>
      )}
    />
  );
}
