import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { EmailField } from './email-field';
import { Input } from '@/components/ui/input';

interface Sender {
  name: string;
  email: string;
  phone?: string | undefined;
}

/** Name, email and an optional phone: who sent a native form, so staff can answer. */
export function SenderFields() {
  const { control } = useFormContext<Sender>();
  return (
    <>
      <FormField
        control={control}
        name="name"
        label="Your name"
        render={({ field, controlProps }) => (
          <Input {...field} {...controlProps} autoComplete="name" />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField control={control} />
        <FormField
          control={control}
          name="phone"
          label="Phone (optional)"
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              value={field.value ?? ''}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
          )}
        />
      </div>
    </>
  );
}
