import type { ComponentProps } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { detailsFormSchema, type JoinDetailsValues } from './join-details-schema';
import { StepCard } from './join-parts';

/**
 * The joining wizard's business details: a chunk of its own (the form library, zod and the
 * details' rules), loaded when the visitor first touches the page or reaches the step, not as
 * part of /join's first download (decision 176).
 */

export function DetailsStep({
  initial,
  defaults,
  signedInEmail,
  onBack,
  onDone,
}: {
  initial: JoinDetailsValues | null;
  defaults: { firstName: string; lastName: string; businessName: string; phone: string };
  signedInEmail: string | null;
  onBack: () => void;
  onDone: (details: JoinDetailsValues) => void;
}) {
  const schema = signedInEmail
    ? detailsFormSchema
    : detailsFormSchema.extend({
        email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
      });
  const form = useZodForm(schema, {
    defaultValues: initial ?? {
      ...defaults,
      email: signedInEmail ?? '',
      address1: '',
      city: '',
      state: '',
      postalCode: '',
    },
  });
  const text = (
    name: keyof JoinDetailsValues,
    label: string,
    autoComplete: string,
    extra: Partial<ComponentProps<typeof Input>> = {},
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ field, controlProps }) => (
        <Input
          {...field}
          {...controlProps}
          {...extra}
          value={field.value ?? ''}
          autoComplete={autoComplete}
        />
      )}
    />
  );
  return (
    <StepCard
      title="Your business"
      description="How your business appears on invoices and, once you are a member, in the directory."
    >
      <Form
        form={form}
        onSubmit={(values) => onDone({ ...values, email: signedInEmail ?? values.email })}
        className="grid gap-5"
        aria-label="Business details"
      >
        {text('businessName', 'Business name', 'organization')}
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', 'given-name')}
          {text('lastName', 'Last name', 'family-name')}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {signedInEmail ? (
            <div className="grid gap-2 text-sm">
              <span className="font-medium">Email</span>
              <span className="text-muted-foreground">{signedInEmail}</span>
            </div>
          ) : (
            text('email', 'Email', 'email', { type: 'email' })
          )}
          {text('phone', 'Phone', 'tel', { type: 'tel' })}
        </div>
        {text('address1', 'Street address', 'street-address')}
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
          {text('city', 'City', 'address-level2')}
          {text('state', 'State', 'address-level1', { maxLength: 2 })}
          {text('postalCode', 'ZIP code', 'postal-code')}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </Form>
    </StepCard>
  );
}
