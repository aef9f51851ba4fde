import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * A QR code as a grey PNG `width` pixels square, for a mail attachment. qrcode makes the
 * matrix; sharp (libvips, which the media uploads use) scales and encodes it on its own
 * threads. qrcode's own PNG writer (pngjs) filtered and packed every pixel on the event loop:
 * about 10 ms each, and an order for a table of 8 mails nine codes, so a rush of orders held
 * up every other request (docs/decisions/0155-qr-codes-encoded-off-the-event-loop.md).
 */
export async function qrPng(text: string, width = 320, margin = 2): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2 * margin;
  // One byte per cell: white, and black where the code has a dark module.
  const grid = Buffer.alloc(cells * cells, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) grid[(row + margin) * cells + col + margin] = 0;
    }
  }
  return sharp(grid, { raw: { width: cells, height: cells, channels: 1 } })
    .resize(width, width, { kernel: 'nearest' })
    .toColourspace('b-w')
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .toBuffer();
}
