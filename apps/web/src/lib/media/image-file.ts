import { IMAGE_MAX_BYTES } from '@chamber/contract';

/** Image types members may upload (docs/product.md#validation): JPEG (also labelled image/jpg) and PNG. */
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

export const INVALID_IMAGE_TYPE = 'Please select a valid image file (JPEG, PNG)';
export const IMAGE_TOO_LARGE = 'File size must be less than 5MB';

/** The validation message for a picked file, or null when it may be uploaded. */
export function validateImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_TYPE;
  if (file.size >= IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** The file as a data URL (`data:image/png;base64,...`), as the upload endpoints take it. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
