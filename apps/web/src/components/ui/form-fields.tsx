import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from './form';
import { Input } from './input';
import { Textarea } from './textarea';

/** What a text field takes of FormField; the rest of its props go to the control. */
type TextFieldProps<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues,
> = Pick<
  ComponentProps<typeof FormField<TIn, TName, TOut>>,
  'control' | 'name' | 'label' | 'description'
> & {
  /** Classes of the field (label, control, description), e.g. a grid span. */
  fieldClassName?: string;
};

type ControlProps<C extends 'input' | 'textarea'> = Omit<
  ComponentProps<C extends 'input' ? typeof Input : typeof Textarea>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'disabled'
>;

/** A form field with a text box: labelled, described and showing its error. */
export function InputField<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues = TIn,
>({
  control,
  name,
  label,
  description,
  fieldClassName,
  ...input
}: TextFieldProps<TIn, TName, TOut> & ControlProps<'input'>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      description={description}
      className={fieldClassName}
      render={({ field, controlProps }) => <Input {...field} {...controlProps} {...input} />}
    />
  );
}

/** A form field with a text area: labelled, described and showing its error. */
export function TextareaField<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues = TIn,
>({
  control,
  name,
  label,
  description,
  fieldClassName,
  ...textarea
}: TextFieldProps<TIn, TName, TOut> & ControlProps<'textarea'>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      description={description}
      className={fieldClassName}
      render={({ field, controlProps }) => <Textarea {...field} {...controlProps} {...textarea} />}
    />
  );
}
