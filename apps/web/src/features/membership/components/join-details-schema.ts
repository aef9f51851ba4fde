import { joinDetailsSchema } from '@chamber/contract';
import { z } from 'zod';

/** The joining wizard's business details, as its details step checks them. */
export const detailsFormSchema = joinDetailsSchema
  .required({ firstName: true, lastName: true })
  .extend({
    businessName: z.string().trim().min(1, 'Business name is required').max(200),
    email: z.string().trim().max(254),
  });
export type JoinDetailsValues = z.input<typeof detailsFormSchema>;
