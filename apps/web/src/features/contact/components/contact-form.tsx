import { contactMessageSchema } from '@chamber/contract';
import { FormSuccess } from '@/components/forms/form-success';
import { SenderFields } from '@/components/forms/sender-fields';
import { HoneypotField } from '@/components/forms/spam-guard';
import { useSiteForm } from '@/components/forms/use-site-form';
import { Button } from '@/components/ui/button';
import { Form, FormError, FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useSendContactMessage } from '@/lib/api/site-forms';

const formSchema = contactMessageSchema.omit({ startedAt: true });
const empty = { name: '', email: '', phone: '', message: '', website: '' };

/** The portal's own contact form, shown when the chamber has no embedded one. */
export function ContactForm() {
  const send = useSendContactMessage();
  const { form, sent, problem, submit, again } = useSiteForm(
    formSchema,
    empty,
    (values, startedAt) => send.mutateAsync({ ...values, startedAt }),
  );

  if (sent) {
    return (
      <FormSuccess
        title="Message sent"
        message={sent}
        againLabel="Send another message"
        onAgain={again}
      />
    );
  }

  return (
    <Form form={form} aria-label="Contact form" className="relative grid gap-5" onSubmit={submit}>
      <FormError>{problem}</FormError>
      <SenderFields />
      <FormField
        control={form.control}
        name="message"
        label="How can we help?"
        render={({ field, controlProps }) => <Textarea {...field} {...controlProps} rows={6} />}
      />
      <HoneypotField />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="sm:w-fit">
        {form.formState.isSubmitting ? 'Sending...' : 'Send message'}
      </Button>
    </Form>
  );
}
