import sharp, { type Metadata } from 'sharp';
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

/** 'File size must be less than 5MB' (docs/product.md#validation) for a limit of 5 MiB. */
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
export const maxSide = {
  avatar: 800,
  coverImage: 2400,
  eventCover: 2400,
  downloadFile: 4000,
  galleryImage: 2400,
  sponsorLogo: 800,
};

/**
 * The most pixels an image may have: 50 megapixels, e.g. 8660 × 5773, more than any phone or
 * camera photo that fits in 5 MB. Read a strip at a time, such an image costs about 100 MB
 * for a moment (measured: 60 MB for 8-bit RGBA, 100 MB for 16-bit).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Interlaced PNGs and progressive JPEGs cannot be read a strip at a time: the decoder holds
 * the whole picture (every pixel's samples; for a JPEG, two bytes for each sample's
 * coefficients) before the first line comes out. That much may be at most 96 MiB: an 8-bit
 * RGBA interlaced PNG of 25 megapixels, a 16-bit one of 12.5, a progressive JPEG of 16.7.
 */
export const MAX_WHOLE_IMAGE_BYTES = 96 * 1024 * 1024;

// Each upload is a new image: libvips' cache of recent operations would only hold memory.
sharp.cache(false);
// One thread per image: uploads are queued one at a time (upload-queue.ts), and each thread
// of libvips keeps buffers of its own.
sharp.concurrency(1);

const megapixels = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;

/** Refuses, from its header alone, an image whose reading would take too much memory. */
function checkDecodeCost(meta: Metadata): void {
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `The image is too large: at most ${megapixels(MAX_IMAGE_PIXELS)}. Please choose a smaller image.`,
    );
  }
  if (!meta.isProgressive) return;
  const jpeg = meta.format === 'jpeg';
  const sixteenBit = meta.depth === 'ushort';
  const perPixel = (meta.channels ?? 4) * (jpeg || sixteenBit ? 2 : 1);
  const most = Math.floor(MAX_WHOLE_IMAGE_BYTES / perPixel);
  if (pixels > most) {
    const what = jpeg
      ? 'a progressive JPEG'
      : `an interlaced PNG${sixteenBit ? ' with 16-bit colour' : ''}`;
    throw new AppError(
      'payload_too_large',
      `The image is too large: ${what} may have at most ${megapixels(most)}. Please save it without interlacing, or choose a smaller image.`,
    );
  }
}

/**
 * Decodes and re-encodes an image in its own format: orientation applied, metadata (EXIF, GPS,
 * comments) dropped, anything appended after the image data gone, oversized images scaled
 * down. A file that does not decode as the image it claims to be is refused, and one whose
 * reading would take too much memory is refused before it is read.
 */
export async function reencodeImage(
  bytes: Buffer,
  type: 'image/jpeg' | 'image/png',
  side: number,
): Promise<Buffer> {
  const unreadable = () =>
    new AppError(
      'bad_request',
      'The image could not be read. Please choose another JPEG or PNG file.',
    );
  // The header alone (sharp's own pixel limit would refuse it as unreadable).
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => Promise.reject(unreadable()));
  checkDecodeCost(header);
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    return await (
      type === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png()
    ).toBuffer();
  } catch {
    throw unreadable();
  }
}
