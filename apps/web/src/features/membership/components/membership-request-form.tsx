import { contactMessageSchema } from '@chamber/contract';
import { z } from 'zod';
import { FormSuccess } from '@/components/forms/form-success';
import { SenderFields } from '@/components/forms/sender-fields';
import { HoneypotField } from '@/components/forms/spam-guard';
import { useSiteForm } from '@/components/forms/use-site-form';
import { Button } from '@/components/ui/button';
import { Form, FormError, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatTierPrice, type MembershipTierInfo } from '@/config/membership-tiers';
import { useSendContactMessage } from '@/lib/api/site-forms';

const formSchema = contactMessageSchema.pick({ name: true, email: true, phone: true }).extend({
  businessName: z.string().trim().min(1, 'Business name is required').max(200),
  notes: z.string().trim().max(4000).optional(),
  website: z.string().max(500).optional(),
});
type RequestValues = z.output<typeof formSchema>;

const empty = { name: '', email: '', phone: '', businessName: '', notes: '', website: '' };

/** The message staff receive: the level and price first, so the request reads at a glance. */
export function membershipRequestMessage(tier: MembershipTierInfo, values: RequestValues) {
  return [
    `Membership request: ${tier.name} (${formatTierPrice(tier)} a year)`,
    `Business: ${values.businessName}`,
    '',
    values.notes || 'No further notes.',
  ].join('\n');
}

/**
 * Without the lead-management service's sign-up form, a request for a level goes to staff
 * through the contact endpoint (stored and mailed); they confirm it and send the invoice.
 */
export function MembershipRequestForm({ tier }: { tier: MembershipTierInfo }) {
  const send = useSendContactMessage();
  const { form, sent, problem, submit, again } = useSiteForm(
    formSchema,
    empty,
    (values, startedAt) =>
      send.mutateAsync({
        name: values.name,
        email: values.email,
        phone: values.phone,
        message: membershipRequestMessage(tier, values),
        website: values.website,
        startedAt,
      }),
  );

  if (sent) {
    return (
      <FormSuccess
        title="Request sent"
        message={`${sent} We will confirm your ${tier.name} membership and send the invoice.`}
        againLabel="Send another request"
        onAgain={again}
      />
    );
  }

  return (
    <Form
      form={form}
      aria-label={`${tier.name} membership request`}
      className="relative grid gap-5"
      onSubmit={submit}
    >
      <FormError>{problem}</FormError>
      <FormField
        control={form.control}
        name="businessName"
        label="Business name"
        render={({ field, controlProps }) => (
          <Input {...field} {...controlProps} autoComplete="organization" />
        )}
      />
      <SenderFields />
      <FormField
        control={form.control}
        name="notes"
        label="Anything we should know? (optional)"
        render={({ field, controlProps }) => (
          <Textarea {...field} {...controlProps} value={field.value ?? ''} rows={3} />
        )}
      />
      <HoneypotField />
      <Button
        type="submit"
        size="lg"
        disabled={form.formState.isSubmitting}
        className="h-auto min-h-11 w-full whitespace-normal"
      >
        {form.formState.isSubmitting ? 'Sending...' : `Request ${tier.name} membership`}
      </Button>
    </Form>
  );
}
