import { useId, type ComponentProps, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { settingsFields } from '../lib/settings-fields';
import type { SettingsField, SettingsFormValues, SettingsPayload } from '../lib/settings-form';

export type SettingsControl = Control<SettingsFormValues, unknown, SettingsPayload>;

/** One group of the Settings form: a card holding a fieldset, its legend and what it is for. */
export function SettingsSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const descriptionId = useId();
  return (
    <Card className="gap-0 px-4 py-5 sm:px-6 sm:py-6">
      <fieldset
        className="grid min-w-0 gap-4"
        aria-describedby={description ? descriptionId : undefined}
      >
        <legend className="mb-1 text-lg leading-tight font-semibold">{title}</legend>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
        <div className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', className)}>{children}</div>
      </fieldset>
    </Card>
  );
}

/** A text field of the chamber's record, labelled and explained from `settingsFields`. */
export function SettingsTextField({
  control,
  name,
  required = false,
  className,
  ...inputProps
}: {
  control: SettingsControl;
  name: SettingsField;
  required?: boolean;
} & Omit<ComponentProps<typeof Input>, 'name' | 'required'>) {
  const info: { label: string; description?: string } = settingsFields[name];
  return (
    <FormField
      control={control}
      name={name}
      label={required ? `${info.label}*` : info.label}
      description={info.description}
      // Inputs line up across a row even when only one of them has a hint below it.
      className={cn('content-start', className)}
      render={({ field, controlProps }) => (
        <Input autoComplete="off" {...field} {...controlProps} {...inputProps} />
      )}
    />
  );
}
