import { MEDIA_KEY_PATTERN } from '@chamber/contract';

export const MEDIA_PATH = '/api/media/';

/** Where a stored file is served: same origin, so the URL survives a change of domain. */
export const mediaUrl = (key: string) => `${MEDIA_PATH}${key}`;

/**
 * The storage key of a URL the upload endpoints returned (`/api/media/<key>`, or the same
 * under the portal's public address), or null for anything else.
 */
export function mediaKeyFromUrl(url: string, publicUrl: string): string | null {
  const path = url.startsWith(publicUrl + '/') ? url.slice(publicUrl.length) : url;
  if (!path.startsWith(MEDIA_PATH)) return null;
  const key = path.slice(MEDIA_PATH.length);
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}
