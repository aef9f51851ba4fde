import { MEDIA_KEY_PATTERN, updateChamberSchema, type Chamber } from '@chamber/contract';
import { z } from 'zod';

const MEDIA_PATH = '/api/media/';

/** A logo the server takes: none, an image uploaded to the portal, or an https address. */
export function isLogoAddress(url: string): boolean {
  if (url === '') return true;
  if (url.startsWith(MEDIA_PATH)) return MEDIA_KEY_PATTERN.test(url.slice(MEDIA_PATH.length));
  return /^https:\/\/[^\s"'<>]+$/.test(url);
}

/**
 * The server's schema, with the logo rule it applies after parsing checked here too, so the
 * field says what is wrong before anything is sent.
 */
export const settingsFormSchema = updateChamberSchema.extend({
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(isLogoAddress, 'Upload the logo, or paste an https:// address of an image.'),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsPayload = z.output<typeof settingsFormSchema>;
export type SettingsField = keyof SettingsFormValues;

const fields = Object.keys(settingsFormSchema.shape) as SettingsField[];

/** The form's starting values: the saved record's editable fields. */
export function settingsFormValues(location: Chamber): SettingsFormValues {
  return Object.fromEntries(fields.map((field) => [field, location[field] ?? ''])) as Record<
    SettingsField,
    string
  >;
}
