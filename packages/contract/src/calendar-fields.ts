import { z } from 'zod';

/** Fields the event's schemas share (not exported from the package). */
export const text = (max: number) => z.string().trim().max(max);
/**
 * '' clears. Page and download URLs: http(s) or a portal media path (`/api/media/...`);
 * the same for the cover image.
 */
export const linkField = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/api\/media\/[^\s]+$/.test(v), {
    message: 'Must be a full URL (https://...) or an uploaded file',
  });
