import jsqr from 'jsqr';
import sharp from 'sharp';

/** What a phone's camera reads from a QR code's image: its text, or null. */
export async function readQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: under NodeNext its default import is the module, whose `default` reads.
  return jsqr.default(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}
