import { useFormContext } from 'react-hook-form';
import { InputField, TextareaField } from '@/components/ui/form';
import type { RegistrationFormValues } from '../lib/registration-form';

/**
 * The registration's own fields (docs/product.md#screens/docs/product.md#entities), the same when registering and when changing it
 * through the manage link: full name, email when registering (the link proves it otherwise),
 * phone, number of guests and notes. Rendered inside the form's `Form`.
 */
export function RegistrationFields({
  withEmail,
  withGuests = true,
  notesPlaceholder,
}: {
  withEmail: boolean;
  /** False for an order of ticket types: its seats are its tickets', its attendees named. */
  withGuests?: boolean;
  notesPlaceholder?: string;
}) {
  const { control } = useFormContext<RegistrationFormValues>();
  return (
    <>
      <InputField control={control} name="name" label="Full Name*" autoComplete="name" required />
      {withEmail ? (
        <InputField
          control={control}
          name="email"
          label="Email*"
          type="email"
          autoComplete="email"
          required
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          control={control}
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
        />
        {withGuests ? (
          <InputField
            control={control}
            name="numberOfGuests"
            label="Number of Guests"
            description="Including you, 1 to 10."
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
          />
        ) : null}
      </div>
      <TextareaField
        control={control}
        name="notes"
        label="Notes (optional)"
        rows={3}
        className="min-h-0"
        placeholder={notesPlaceholder}
      />
    </>
  );
}
