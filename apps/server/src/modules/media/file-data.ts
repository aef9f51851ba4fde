import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';

export type StoredType = 'image/jpeg' | 'image/png' | 'application/pdf';
export const extensionOf: Record<StoredType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export const INVALID_IMAGE = 'Please select a valid image file (JPEG, PNG)';
const DATA_URL_HEAD = /^data:[\w.+/-]*(?:;[\w.+=-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** 'File size must be less than 5MB' (spec §5) for a limit of 5 MiB. */
export const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `File size must be less than ${maxBytes / 1024 / 1024}MB`);

/**
 * The bytes of a `data:<type>;base64,<payload>` URL. The declared type is ignored (the bytes
 * decide); the size is checked before decoding, so an oversized upload costs no allocation.
 * Files of `maxBytes` or more are refused: the limit is "less than 5MB".
 */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const head = DATA_URL_HEAD.exec(dataUrl);
  if (!head) {
    throw new AppError(
      'bad_request',
      'fileData must be a base64 data URL (data:image/png;base64,...).',
    );
  }
  const payload = dataUrl.slice(head[0].length);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = (payload.length / 4) * 3 - padding;
  if (size >= maxBytes) throw tooLarge(maxBytes);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new AppError('bad_request', 'fileData is not valid base64.');
  }
  return Buffer.from(payload, 'base64');
}

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The file's real type from its first bytes, whatever its name or declared type say. */
export function sniffType(bytes: Buffer): StoredType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Largest side in pixels, per use: avatars are shown small, covers across the page. */
export const maxSide = { avatar: 800, coverImage: 2400, eventCover: 2400, downloadFile: 4000 };

/**
 * Decodes and re-encodes an image in its own format: orientation applied, metadata (EXIF, GPS,
 * comments) dropped, anything appended after the image data gone, oversized images scaled
 * down. A file that does not decode as the image it claims to be is refused.
 */
export async function reencodeImage(
  bytes: Buffer,
  type: 'image/jpeg' | 'image/png',
  side: number,
): Promise<Buffer> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    return await (
      type === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png()
    ).toBuffer();
  } catch {
    throw new AppError(
      'bad_request',
      'The image could not be read. Please choose another JPEG or PNG file.',
    );
  }
}
