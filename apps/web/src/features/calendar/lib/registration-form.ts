import {
  REGISTRATION_MAX_GUESTS,
  REGISTRATION_MIN_GUESTS,
  registerForEventSchema,
  type EventRegistration,
  type Profile,
  type RegisterForEvent,
  type UpdateManagedRegistration,
} from '@chamber/contract';
import { z } from 'zod';

const GUESTS_MESSAGE = 'Number of guests must be between 1 and 10';

/**
 * docs/product.md#entities Registration form: the number of guests is kept as the field's text (default '1'),
 * checked as a whole number from 1 to 10; the rest are the contract's rules.
 */
export const registrationFormSchema = z.object({
  name: registerForEventSchema.shape.name,
  email: registerForEventSchema.shape.email,
  phone: z.string().trim().max(40),
  numberOfGuests: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), GUESTS_MESSAGE)
    .refine(
      (v) => Number(v) >= REGISTRATION_MIN_GUESTS && Number(v) <= REGISTRATION_MAX_GUESTS,
      GUESTS_MESSAGE,
    ),
  notes: z.string().trim().max(2000),
});
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;

/** The form, prefilled from the signed-in user (docs/product.md#screens: name, email and phone). */
export function registrationDefaults(
  user: Pick<Profile, 'name' | 'email' | 'phone'> | null,
): RegistrationFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    numberOfGuests: '1',
    notes: '',
  };
}

export function registrationBody(
  values: z.output<typeof registrationFormSchema>,
): RegisterForEvent {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone || null,
    numberOfGuests: Number(values.numberOfGuests),
    notes: values.notes || null,
  };
}

/** The manage link's form: the registration's own, without the email (the link proves it). */
export const manageRegistrationFormSchema = registrationFormSchema.omit({ email: true });
export type ManageRegistrationFormValues = z.input<typeof manageRegistrationFormSchema>;

export function manageRegistrationDefaults(
  registration: Pick<EventRegistration, 'name' | 'phone' | 'guests' | 'notes'>,
): ManageRegistrationFormValues {
  return {
    name: registration.name,
    phone: registration.phone ?? '',
    numberOfGuests: String(registration.guests),
    notes: registration.notes ?? '',
  };
}

export function manageRegistrationBody(
  values: z.output<typeof manageRegistrationFormSchema>,
): UpdateManagedRegistration {
  return {
    name: values.name,
    phone: values.phone || null,
    numberOfGuests: Number(values.numberOfGuests),
    notes: values.notes || null,
  };
}
