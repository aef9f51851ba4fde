import {
  blankToNull,
  roleSchema,
  updateUserSchema,
  userStatusSchema,
  type AdminUser,
  type UpdateUser,
} from '@chamber/contract';
import { z } from 'zod';

/** What the edit dialog holds: text fields as strings (empty for none) and each choice. */
const userFormFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  businessName: z.string(),
  phone: z.string(),
  website: z.string(),
  role: roleSchema,
  status: userStatusSchema,
});
export type UserFormValues = z.input<typeof userFormFieldsSchema>;

/**
 * The edit dialog's rules are the server's (docs/product.md#validation: first name, last name and email are
 * required); an emptied optional field is sent as null, which clears it.
 */
export const userFormSchema = userFormFieldsSchema
  .transform((values): UpdateUser => ({
    ...values,
    businessName: blankToNull(values.businessName),
    phone: blankToNull(values.phone),
    website: blankToNull(values.website),
  }))
  .pipe(updateUserSchema);

export function userFormValues(user: AdminUser): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    businessName: user.businessName ?? '',
    phone: user.phone ?? '',
    website: user.website ?? '',
    role: user.role,
    status: user.status,
  };
}
