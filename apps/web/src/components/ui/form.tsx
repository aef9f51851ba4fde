import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/lib/utils';
import { useHydrated } from '@/lib/use-hydrated';
import { Checkbox } from './checkbox';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

/** react-hook-form driven by a zod schema (usually one shared with the server). */
export function useZodForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  props?: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'>,
) {
  return useForm<TIn, unknown, TOut>({ ...props, resolver: zodResolver(schema) });
}

type FormProps<TIn extends FieldValues, TOut extends FieldValues> = Omit<
  ComponentProps<'form'>,
  'onSubmit'
> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
};

export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  children,
  ...props
}: FormProps<TIn, TOut>) {
  const hydrated = useHydrated();
  return (
    <FormProvider {...form}>
      {/* noValidate: the schema validates and reports errors accessibly, not the browser. */}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {/* Over server-rendered HTML the fields wait for hydration: react-hook-form sets every
            field to its default when it registers it, so anything typed before would be lost. */}
        <fieldset disabled={!hydrated} className="contents">
          {children}
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** Props to spread on the control so it is labelled and announces its errors. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues,
> {
  control: Control<TIn, unknown, TOut>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  /** `inline` puts the label after the control (checkboxes). */
  layout?: 'stack' | 'inline';
  className?: string;
  render: (props: {
    field: ControllerRenderProps<TIn, TName>;
    controlProps: FieldControlProps;
  }) => ReactElement;
}

export function FormField<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues = TIn,
>({
  control,
  name,
  label,
  description,
  layout = 'stack',
  className,
  render,
}: FormFieldProps<TIn, TName, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = fieldState.error ? `${id}-error` : undefined;
  const controlProps: FieldControlProps = {
    id,
    'aria-invalid': Boolean(fieldState.error),
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const labelNode = <Label htmlFor={id}>{label}</Label>;

  return (
    <div className={cn('grid gap-2', className)}>
      {layout === 'inline' ? (
        <div className="flex items-center gap-2">
          {render({ field, controlProps })}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {render({ field, controlProps })}
        </>
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {fieldState.error?.message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A yes/no field: a checkbox with its label after it, its description and error below. */
export function CheckboxField<
  TIn extends FieldValues,
  TName extends FieldPathByValue<TIn, boolean>,
  TOut extends FieldValues = TIn,
>(props: Omit<FormFieldProps<TIn, TName, TOut>, 'layout' | 'render'>) {
  return (
    <FormField
      {...props}
      layout="inline"
      render={({ field, controlProps }) => (
        <Checkbox
          {...controlProps}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

/** What a text field takes of FormField; the rest of its props go to the control. */
type TextFieldProps<
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues,
> = Pick<FormFieldProps<TIn, TName, TOut>, 'control' | 'name' | 'label' | 'description'> & {
  /** Classes of the field (label, control, description), e.g. a grid span. */
  fieldClassName?: string;
};

/** What a text box takes from the form itself; the field's caller gives the rest. */
type FromForm = 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'disabled';

/** A form field around a text control, generic over the form like FormField itself. */
type TextControlField<Box extends 'input' | 'textarea'> = <
  TIn extends FieldValues,
  TName extends FieldPath<TIn>,
  TOut extends FieldValues = TIn,
>(
  props: TextFieldProps<TIn, TName, TOut> & Omit<ComponentProps<Box>, FromForm>,
) => ReactElement;

/** The field (label, description, error) around one kind of text control. */
function textControlField<Box extends 'input' | 'textarea'>(
  Control: (props: ComponentProps<Box>) => ReactElement,
): TextControlField<Box> {
  return function TextField({ control, name, label, description, fieldClassName, ...box }) {
    return (
      <FormField
        control={control}
        name={name}
        label={label}
        description={description}
        className={fieldClassName}
        // The field's value is the form's, which TypeScript cannot match to a control chosen
        // by a type parameter; both controls take a text value.
        render={({ field, controlProps }) => (
          <Control {...(field as ComponentProps<Box>)} {...controlProps} {...box} />
        )}
      />
    );
  };
}

/** A form field with a text box: labelled, described and showing its error. */
export const InputField = textControlField<'input'>(Input);

/** A form field with a text area: labelled, described and showing its error. */
export const TextareaField = textControlField<'textarea'>(Textarea);

/** A form-level message (e.g. the server's answer), announced when it appears. */
export function FormError({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn(children ? '' : 'sr-only', className)}>
      {children ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {children}
        </p>
      ) : null}
    </div>
  );
}
