import type { UploadMedia } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { api, ApiError } from './client';
import { readFileAsDataUrl } from '../media/image-file';

export type ContactImageKind = 'avatar' | 'coverImage';

const uploads = {
  avatar: endpoints.media.uploadAvatar,
  coverImage: endpoints.media.uploadCoverImage,
} as const;
const labels: Record<ContactImageKind, string> = { avatar: 'avatar', coverImage: 'cover image' };

/** 'Bad Request - File is not a JPEG or PNG image' from a failed call (docs/product.md#errors Uploads). */
function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const statusText =
      error.statusText || (error.status ? `HTTP ${error.status}` : 'Network error');
    return `${statusText} - ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Uploads an image and sets it on the contact (docs/product.md#states Image upload): the media upload, then
 * PUT /members/{id}/avatar or /coverImage with the returned URL. Returns the new URL; throws
 * an Error carrying the spec's message when either step fails.
 */
export async function uploadContactImage(
  kind: ContactImageKind,
  { contactId, locationId, file }: { contactId: string; locationId?: string; file: File },
): Promise<string> {
  const fileData = await readFileAsDataUrl(file);
  const body: UploadMedia = {
    contactId,
    locationId,
    fileData,
    fileName: file.name || `${kind}.${file.type === 'image/png' ? 'png' : 'jpg'}`,
    mimeType: file.type,
  };

  let mediaUrl: string;
  try {
    ({ mediaUrl } = await api.call(uploads[kind], { body }));
  } catch (error) {
    throw new Error(`Failed to upload ${labels[kind]}: ${describeFailure(error)}`, {
      cause: error,
    });
  }

  const id = encodeURIComponent(contactId);
  try {
    if (kind === 'avatar') await api.put(`/members/${id}/avatar`, { avatarUrl: mediaUrl });
    else await api.put(`/members/${id}/coverImage`, { coverImageUrl: mediaUrl });
  } catch (error) {
    throw new Error(`Failed to update contact ${kind}: ${describeFailure(error)}`, {
      cause: error,
    });
  }
  return mediaUrl;
}

/**
 * Uploads an image for an elite member's gallery and returns its URL. Unlike the photo and
 * cover, it is only shown once the profile form that holds it is saved.
 */
export async function uploadGalleryImage({
  contactId,
  locationId,
  file,
}: {
  contactId: string;
  locationId?: string;
  file: File;
}): Promise<string> {
  const body: UploadMedia = {
    contactId,
    locationId,
    fileData: await readFileAsDataUrl(file),
    fileName: file.name || `gallery.${file.type === 'image/png' ? 'png' : 'jpg'}`,
    mimeType: file.type,
  };
  try {
    return (await api.call(endpoints.media.uploadGalleryImage, { body })).mediaUrl;
  } catch (error) {
    throw new Error(`Failed to upload gallery image: ${describeFailure(error)}`, { cause: error });
  }
}

/**
 * Uploads an image of an event (as event images are: for those who may create events, staff
 * among them) and returns its URL, e.g. a photo of a celebration for its event page.
 */
export async function uploadEventImage(file: File, locationId?: string): Promise<string> {
  const body: UploadMedia = {
    locationId,
    fileData: await readFileAsDataUrl(file),
    fileName: file.name || `photo.${file.type === 'image/png' ? 'png' : 'jpg'}`,
    mimeType: file.type,
  };
  try {
    return (await api.call(endpoints.media.uploadEventCover, { body })).mediaUrl;
  } catch (error) {
    throw new Error(`Failed to upload the photo: ${describeFailure(error)}`, { cause: error });
  }
}
