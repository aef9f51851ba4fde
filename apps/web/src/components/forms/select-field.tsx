import type { ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectOptions, type SelectOption } from './select-options';

/** A form field choosing one of a list: labelled, described and showing its error. */
export function SelectField<
  TIn extends FieldValues,
  TName extends FieldPathByValue<TIn, string>,
  TOut extends FieldValues = TIn,
>({
  control,
  name,
  label,
  description,
  options,
  disabled,
}: {
  control: Control<TIn, unknown, TOut>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  options: SelectOption[];
  disabled?: boolean;
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
