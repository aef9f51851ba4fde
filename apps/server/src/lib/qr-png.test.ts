import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readQr as read } from '../test/qr.js';
import { qrPng } from './qr-png.js';

describe('a QR code as a PNG', () => {
  it('reads back as its text, a small grey image 320 pixels square', async () => {
    const text = 'https://rivertonchamber.example/check-in/Zx8kP2mQ9vT4bN7cR1sL5wY3';
    const png = await qrPng(text);
    expect(await read(png)).toBe(text);
    // IHDR: width and height at bytes 16 and 20, bit depth at 24, colour type at 25 (grey).
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([
      320, 320, 8, 0,
    ]);
    expect(png.length).toBeLessThan(2000);
  });

  it('keeps a white quiet zone around the code at any width', async () => {
    const text = 'ATTENDEE-7f3a9c';
    expect(await read(await qrPng(text, 200))).toBe(text);
    const edge = await sharp(await qrPng(text, 200))
      .raw()
      .toBuffer();
    // The first rows are the white margin.
    expect(edge.subarray(0, 200 * 4).every((v) => v === 255)).toBe(true);
  });
});
