import { z } from 'zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOWNLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Names of stored media: the sha256 of the stored bytes and the extension of their type. */
export const MEDIA_KEY_PATTERN = /^[a-f0-9]{64}\.(jpg|png|pdf)$/;

/** docs/product.md#api-calls: a data URL in, a URL out. `contactId` is required for avatars and cover images. */
export const uploadMediaSchema = z.object({
  contactId: z
    .string()
    .max(64)
    .optional()
    .describe('The contact the image is for; required for avatars and cover images'),
  locationId: z.string().max(64).optional(),
  fileData: z
    .string()
    .describe(
      'data:<type>;base64,<bytes>. The type is read from the bytes: JPEG or PNG for images, also PDF for download files',
    ),
  fileName: z.string().trim().min(1).max(255),
  mimeType: z.string().max(100).optional().describe('Ignored: the type is read from the bytes'),
});
export type UploadMedia = z.input<typeof uploadMediaSchema>;

export const uploadMediaResponseSchema = z.object({
  mediaUrl: z.string().describe('/api/media/<key>, served with long cache headers'),
  mediaId: z.string(),
  message: z.string(),
});
export type UploadMediaResponse = z.infer<typeof uploadMediaResponseSchema>;

export const mediaKeyParamsSchema = z.object({
  key: z.string().describe('<sha256 hex>.<jpg|png|pdf>'),
});
