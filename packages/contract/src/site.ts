import { z } from 'zod';

/** Public start-up configuration: one build serves any chamber. */
export const appConfigSchema = z.object({
  locationId: z.string(),
  calendarId: z.string(),
  chamberName: z.string(),
  publicUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The chamber's record (spec §7 GET /locations/{locationId}). */
export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  socialUrl: z.string(),
  logoUrl: z.string(),
  accentColor: z.string(),
  timezone: z.string(),
});
export type Location = z.infer<typeof locationSchema>;
