import type { RegistrationResult } from '@chamber/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormError, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth/use-auth';
import { useRegisterForEvent } from '../api/register-for-event';
import { REGISTERED_KEY, setEventFlag } from '../lib/event-flags';
import {
  registrationBody,
  registrationDefaults,
  registrationFormSchema,
} from '../lib/registration-form';

interface RegistrationDialogProps {
  eventId: string;
  eventTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegistered: (result: RegistrationResult) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec §2 Registration dialog: Full Name and Email required, 1 to 10 guests (default 1), phone
 * and notes optional, prefilled from the signed-in user. The registration is stored and mailed
 * with the .ics; this browser also remembers it for the "You're Registered!" view.
 */
export function RegistrationDialog({
  eventId,
  eventTitle,
  open,
  onOpenChange,
  onRegistered,
  onCloseAutoFocus,
}: RegistrationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Register for Event</DialogTitle>
          <DialogDescription>{eventTitle}</DialogDescription>
        </DialogHeader>
        {open ? (
          <RegistrationForm
            eventId={eventId}
            onCancel={() => onOpenChange(false)}
            onRegistered={onRegistered}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RegistrationForm({
  eventId,
  onCancel,
  onRegistered,
}: {
  eventId: string;
  onCancel: () => void;
  onRegistered: (result: RegistrationResult) => void;
}) {
  const { user } = useAuth();
  const form = useZodForm(registrationFormSchema, { defaultValues: registrationDefaults(user) });
  const register = useRegisterForEvent(eventId);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(values: Parameters<typeof registrationBody>[0]) {
    setError(null);
    try {
      const result = await register.mutateAsync(registrationBody(values));
      setEventFlag(REGISTERED_KEY, eventId, true);
      onRegistered(result);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message
          ? failure.message
          : 'Registration failed. Please try again.',
      );
    }
  }

  const text = (
    name: 'name' | 'email' | 'phone',
    label: string,
    props: Record<string, unknown>,
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ field, controlProps }) => <Input {...field} {...controlProps} {...props} />}
    />
  );

  return (
    <Form form={form} onSubmit={(values) => void onSubmit(values)} className="grid gap-4">
      {text('name', 'Full Name*', { autoComplete: 'name', required: true })}
      {text('email', 'Email*', { type: 'email', autoComplete: 'email', required: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
        <FormField
          control={form.control}
          name="numberOfGuests"
          label="Number of Guests"
          description="Including you, 1 to 10."
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
            />
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="notes"
        label="Notes (optional)"
        render={({ field, controlProps }) => (
          <Textarea
            {...field}
            {...controlProps}
            rows={3}
            className="min-h-0"
            placeholder="Dietary needs, accessibility, questions for the organizer"
          />
        )}
      />
      <FormError>{error}</FormError>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? <Spinner className="size-4" /> : null}
          Register
        </Button>
      </DialogFooter>
    </Form>
  );
}
