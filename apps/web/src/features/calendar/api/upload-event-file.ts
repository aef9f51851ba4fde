import { DOWNLOAD_MAX_BYTES, type UploadMedia } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { api, ApiError } from '@/lib/api/client';
import { readFileAsDataUrl, validateImageFile } from '@/lib/media/image-file';

export type EventFileKind = 'cover' | 'download';

const uploads = {
  cover: { endpoint: endpoints.media.uploadEventCover, failure: 'Failed to upload cover image' },
  download: {
    endpoint: endpoints.media.uploadDownloadFile,
    failure: 'Failed to upload download file',
  },
} satisfies Record<EventFileKind, { endpoint: unknown; failure: string }>;

export const DOWNLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png'];
export const DOWNLOAD_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** The check before an upload: 'Invalid file' with none (docs/product.md#validation), then type and size. */
export function validateEventFile(kind: EventFileKind, file: File | undefined): string | null {
  if (!file) return 'Invalid file';
  if (kind === 'cover') return validateImageFile(file);
  if (!DOWNLOAD_TYPES.includes(file.type)) return 'Please select a PDF, JPEG or PNG file.';
  if (file.size >= DOWNLOAD_MAX_BYTES) return 'File size must be less than 10MB';
  return null;
}

/** 'Failed to upload cover image: Bad Request - File is not a JPEG or PNG image' (docs/product.md#errors). */
function describeFailure(prefix: string, error: unknown): string {
  if (error instanceof ApiError) {
    const statusText =
      error.statusText || (error.status ? `HTTP ${error.status}` : 'Network error');
    return `${prefix}: ${statusText} - ${error.message}`;
  }
  return error instanceof Error ? `${prefix}: ${error.message}` : prefix;
}

/**
 * POST /medias/upload-event-cover or /medias/upload-download-file; resolves to the stored file's
 * URL. A download file is uploaded in the name of the user's contact (docs/product.md#api-calls).
 */
export async function uploadEventFile(
  kind: EventFileKind,
  file: File,
  { contactId, locationId }: { contactId?: string | null; locationId?: string },
): Promise<string> {
  const body: UploadMedia = {
    locationId,
    fileData: await readFileAsDataUrl(file),
    fileName: file.name || (kind === 'cover' ? 'cover.jpg' : 'event-file.pdf'),
    mimeType: file.type,
    ...(kind === 'download' && contactId ? { contactId } : {}),
  };
  try {
    const { mediaUrl } = await api.call(uploads[kind].endpoint, { body });
    return mediaUrl;
  } catch (error) {
    throw new Error(describeFailure(uploads[kind].failure, error), { cause: error });
  }
}
