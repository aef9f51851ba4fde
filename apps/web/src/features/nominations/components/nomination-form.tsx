import { nominationSchema, type Nomination } from '@chamber/contract';
import { FormSuccess } from '@/components/forms/form-success';
import { SenderFields } from '@/components/forms/sender-fields';
import { HoneypotField } from '@/components/forms/spam-guard';
import { useSiteForm } from '@/components/forms/use-site-form';
import { Button } from '@/components/ui/button';
import { Form, FormError, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSendNomination } from '@/lib/api/site-forms';
import { cn } from '@/lib/utils';

export type NominationCategory = Nomination['category'];

const formSchema = nominationSchema.omit({ startedAt: true });

const wording: Record<NominationCategory, { nominee: string; why: string; submit: string }> = {
  business_of_month: {
    nominee: 'Business you are nominating',
    why: 'Why should they be Business of the Month?',
    submit: 'Nominate this business',
  },
  customer_service: {
    nominee: 'Person you are nominating',
    why: 'How did they go above and beyond?',
    submit: 'Nominate this person',
  },
};

/** The portal's own nomination form for one award, shown when no survey is embedded. */
export function NominationForm({ category }: { category: NominationCategory }) {
  const send = useSendNomination();
  const empty = {
    name: '',
    email: '',
    phone: '',
    category,
    nominee: '',
    nomineeBusiness: '',
    message: '',
    website: '',
  };
  const { form, sent, problem, submit, again } = useSiteForm(
    formSchema,
    empty,
    (values, startedAt) => send.mutateAsync({ ...values, category, startedAt }),
  );
  const words = wording[category];

  if (sent) {
    return (
      <FormSuccess
        title="Nomination received"
        message={sent}
        againLabel="Nominate someone else"
        onAgain={again}
      />
    );
  }

  return (
    <Form
      form={form}
      aria-label={
        category === 'business_of_month'
          ? 'Business of the Month nomination'
          : 'Customer Service Superstar nomination'
      }
      className="relative grid gap-5"
      onSubmit={submit}
    >
      <FormError>{problem}</FormError>
      <div className={cn('grid gap-5', category === 'customer_service' && 'sm:grid-cols-2')}>
        <FormField
          control={form.control}
          name="nominee"
          label={words.nominee}
          render={({ field, controlProps }) => <Input {...field} {...controlProps} />}
        />
        {category === 'customer_service' ? (
          <FormField
            control={form.control}
            name="nomineeBusiness"
            label="Where do they work? (optional)"
            render={({ field, controlProps }) => (
              <Input {...field} {...controlProps} value={field.value ?? ''} />
            )}
          />
        ) : null}
      </div>
      <FormField
        control={form.control}
        name="message"
        label={words.why}
        render={({ field, controlProps }) => <Textarea {...field} {...controlProps} rows={5} />}
      />
      <fieldset className="grid gap-5 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">About you</legend>
        <SenderFields />
      </fieldset>
      <HoneypotField />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="sm:w-fit">
        {form.formState.isSubmitting ? 'Sending...' : words.submit}
      </Button>
    </Form>
  );
}
