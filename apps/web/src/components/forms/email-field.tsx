import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** An email address field: the keyboard, autofill and type every address field uses. */
export function EmailField<TIn extends FieldValues, TOut extends FieldValues = TIn>({
  control,
  name = 'email' as Path<TIn>,
  label = 'Email',
}: {
  control: Control<TIn, unknown, TOut>;
  name?: Path<TIn>;
  label?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={({ field, controlProps }) => (
        <Input {...field} {...controlProps} type="email" autoComplete="email" inputMode="email" />
      )}
    />
  );
}
