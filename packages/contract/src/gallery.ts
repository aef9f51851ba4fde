import { z } from 'zod';
import {
  GALLERY_CAPTION_MAX,
  GALLERY_MAX,
  GALLERY_URL_MESSAGE,
  PORTAL_IMAGE,
} from './gallery-limits.js';

export const galleryImageSchema = z.object({
  url: z.string().describe('/api/media/<key>: an image uploaded to the portal'),
  caption: z.string().describe('The member’s caption; also the image’s alt text. May be empty'),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/**
 * A save's gallery: at most GALLERY_MAX images in the order shown, each an image uploaded to
 * the portal (`/api/media/<key>`, as the gallery upload answers) with a caption of at most
 * GALLERY_CAPTION_MAX characters ('' for none). The same image twice is kept once.
 */
export const galleryInputSchema = z
  .array(
    z.object({
      url: z.string().trim().max(500).regex(PORTAL_IMAGE, GALLERY_URL_MESSAGE),
      caption: z
        .string()
        .trim()
        .max(
          GALLERY_CAPTION_MAX,
          `A gallery caption can be at most ${GALLERY_CAPTION_MAX} characters`,
        ),
    }),
  )
  .max(GALLERY_MAX, `At most ${GALLERY_MAX} gallery images`)
  .transform((images) =>
    images.filter((image, i) => images.findIndex((other) => other.url === image.url) === i),
  );
export type GalleryInput = z.input<typeof galleryInputSchema>;
