import type { UploadMedia } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { api, ApiError } from '@/lib/api/client';
import { readFileAsDataUrl } from '@/lib/media/image-file';

/**
 * POST /medias/upload-event-cover: the portal's image upload for staff, which checks the bytes,
 * re-encodes the image and answers its URL. Nothing is saved until the settings are.
 */
export async function uploadLogo(file: File, locationId?: string): Promise<string> {
  const body: UploadMedia = {
    locationId,
    fileData: await readFileAsDataUrl(file),
    fileName: file.name || 'logo.png',
    mimeType: file.type,
  };
  try {
    const { mediaUrl } = await api.call(endpoints.media.uploadEventCover, { body });
    return mediaUrl;
  } catch (error) {
    const reason = error instanceof ApiError && error.status > 0 ? `: ${error.message}` : '';
    throw new Error(`Failed to upload the logo${reason}`, { cause: error });
  }
}
