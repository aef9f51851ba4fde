import { z } from 'zod';
import { apiErrorSchema } from '@chamber/contract';

export const calendarParams = z.object({ calendarId: z.string().min(1).max(64) });
export const eventParams = z.object({
  id: z.string().min(1).max(64).describe('An event, series or occurrence id'),
});
export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
