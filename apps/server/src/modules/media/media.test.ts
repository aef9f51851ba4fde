import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, media } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer, dataUrl, getMember, makeImage, upload } from '../../test/members.js';

let ctx: TestContext;
let owner: { contactId: string; token: string };
let elite: { contactId: string; token: string };
let otherToken: string;
let adminToken: string;

async function member(tier: 'standard' | 'enhanced' | 'elite', role?: 'admin') {
  const user = await createTestUser(ctx.db, { role, contact: { membershipTier: tier } });
  return { contactId: user.contactId!, token: await signIn(ctx, user.email) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await member('standard');
  elite = await member('elite');
  otherToken = (await member('standard')).token;
  adminToken = (await member('standard', 'admin')).token;
});
afterAll(() => ctx.close());

/** A small PNG sent as the owner's avatar by the holder of `token`. */
const ownerAvatarBy = async (token: string) =>
  upload(
    ctx,
    'avatar',
    { contactId: owner.contactId, fileData: dataUrl(await makeImage('png')) },
    token,
  );

const storedFiles = async () => {
  try {
    return (await readdir(path.join(ctx.dataDir, 'media'))).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
};

describe('uploading an avatar', () => {
  it('stores a re-encoded image, serves it for good, and sets it on the member', async () => {
    const png = await makeImage('png', { width: 1600, height: 1200 });
    const res = await upload(
      ctx,
      'avatar',
      { contactId: owner.contactId, fileData: dataUrl(png) },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { mediaUrl, mediaId, message } = res.json();
    expect(mediaUrl).toMatch(/^\/api\/media\/[a-f0-9]{64}\.png$/);
    expect(message).toBe('Avatar uploaded successfully.');
    const [row] = await ctx.db.select().from(media).where(eq(media.id, mediaId));
    expect(row).toMatchObject({
      kind: 'avatar',
      contactId: owner.contactId,
      originalName: 'photo.png',
    });

    const served = await ctx.app.inject({ method: 'GET', url: mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    // Scaled to fit an avatar's 800 px.
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);

    const again = await ctx.app.inject({
      method: 'GET',
      url: mediaUrl,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${owner.contactId}/avatar`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { avatarUrl: mediaUrl },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await getMember(ctx, owner.contactId)).json().avatar).toBe(mediaUrl);
  });

  it('drops metadata such as EXIF from JPEG photos', async () => {
    const jpeg = await makeImage('jpeg', { exif: true });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(
      ctx,
      'avatar',
      { contactId: owner.contactId, fileData: dataUrl(jpeg, 'image/jpeg'), fileName: 'me.jpg' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: res.json().mediaUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Secret Photographer')).toBe(false);
  });

  it('lets staff upload for any member', async () => {
    const res = await ownerAvatarBy(adminToken);
    expect(res.statusCode).toBe(201);
  });
});

/** A PNG signature followed by zeros: `size` bytes in all. */
const pngOfSize = (size: number) => {
  const bytes = Buffer.alloc(size, 0);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

describe('refused uploads', () => {
  const tooBig = pngOfSize(5 * 1024 * 1024 + 1);

  it.each([
    [
      'a PNG name on text bytes',
      () => dataUrl(Buffer.from('just some text, not an image')),
      415,
      'Please select a valid image file (JPEG, PNG)',
    ],
    [
      'an SVG',
      () =>
        dataUrl(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'image/svg+xml',
        ),
      415,
      'Please select a valid image file (JPEG, PNG)',
    ],
    [
      'a GIF',
      () => dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif'),
      415,
      'Please select a valid image file (JPEG, PNG)',
    ],
    ['5 MB + 1 byte', () => dataUrl(tooBig), 413, 'File size must be less than 5MB'],
    // "Less than 5MB": a file of exactly 5 MiB is one byte too many.
    [
      'exactly 5 MB',
      () => dataUrl(pngOfSize(5 * 1024 * 1024)),
      413,
      'File size must be less than 5MB',
    ],
    // One byte less passes the size check and is refused for what it holds.
    [
      '5 MB − 1 byte that is not an image',
      () => dataUrl(pngOfSize(5 * 1024 * 1024 - 1)),
      400,
      'The image could not be read. Please choose another JPEG or PNG file.',
    ],
    [
      'a data URL without base64',
      () => 'data:image/png,hello',
      400,
      'fileData must be a base64 data URL (data:image/png;base64,...).',
    ],
    ['broken base64', () => 'data:image/png;base64,@@@@', 400, 'fileData is not valid base64.'],
    ['an empty file', () => 'data:image/png;base64,', 400, 'fileData is not valid base64.'],
    [
      'not a data URL at all',
      () => 'https://example.org/cat.png',
      400,
      'fileData must be a base64 data URL (data:image/png;base64,...).',
    ],
    [
      'a PNG signature followed by garbage',
      () => dataUrl(Buffer.concat([tooBig.subarray(0, 8), Buffer.from('garbage'.repeat(20))])),
      400,
      'The image could not be read. Please choose another JPEG or PNG file.',
    ],
  ])('refuses %s', async (_name, fileData, status, message) => {
    const before = await storedFiles();
    const res = await upload(
      ctx,
      'avatar',
      { contactId: owner.contactId, fileData: fileData(), fileName: 'photo.png' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an upload for someone else’s contact', async () => {
    const res = await ownerAvatarBy(otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only upload images for your own member page.');
  });

  it('refuses anonymous uploads, missing and unknown contacts', async () => {
    const fileData = dataUrl(await makeImage('png'));
    expect((await upload(ctx, 'avatar', { contactId: owner.contactId, fileData })).statusCode).toBe(
      401,
    );
    expect((await upload(ctx, 'avatar', { fileData }, owner.token)).statusCode).toBe(400);
    const unknown = await upload(
      ctx,
      'avatar',
      { contactId: '5f0c2d7e-0000-4000-8000-000000000000', fileData },
      owner.token,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps cover images for elite members', async () => {
    const fileData = dataUrl(await makeImage('png'));
    const refused = await upload(
      ctx,
      'coverImage',
      { contactId: owner.contactId, fileData },
      owner.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'tier_required',
      message: 'A cover image is available with Elite membership.',
    });
    const res = await upload(
      ctx,
      'coverImage',
      { contactId: elite.contactId, fileData },
      elite.token,
    );
    expect(res.statusCode).toBe(201);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${elite.contactId}/coverImage`,
      headers: { authorization: `Bearer ${elite.token}` },
      payload: { coverImageUrl: res.json().mediaUrl },
    });
    expect(set.json().coverImage).toBe(res.json().mediaUrl);
    const notElite = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${owner.contactId}/coverImage`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { coverImageUrl: res.json().mediaUrl },
    });
    expect(notElite.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, owner.contactId));
    expect(row?.coverImageUrl).toBeNull();
  });

  it('sets only images uploaded here as avatars', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${owner.contactId}/avatar`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { avatarUrl: 'https://tracker.example/pixel.png' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('images whose reading would take too much memory', () => {
  const blank = (width: number, height: number, channels: 3 | 4) =>
    sharp({ create: { width, height, channels, background: '#1f5f8b' } });

  it.each([
    [
      'more than 50 megapixels',
      () => blank(7072, 7072, 3).png({ compressionLevel: 1 }).toBuffer(),
      'The image is too large: at most 50 megapixels. Please choose a smaller image.',
    ],
    [
      'an interlaced 16-bit PNG of 13 megapixels',
      () => blank(3600, 3600, 4).toColourspace('rgb16').png({ progressive: true }).toBuffer(),
      'The image is too large: an interlaced PNG with 16-bit colour may have at most 12.5 megapixels. Please save it without interlacing, or choose a smaller image.',
    ],
    [
      'a progressive JPEG of 17.6 megapixels',
      () => blank(4200, 4200, 3).jpeg({ progressive: true }).toBuffer(),
      'The image is too large: a progressive JPEG may have at most 16.7 megapixels. Please save it without interlacing, or choose a smaller image.',
    ],
  ])('refuses %s with 413, before reading it', async (_name, make, message) => {
    const bytes = await make();
    const before = await storedFiles();
    const type = bytes[0] === 0xff ? 'image/jpeg' : 'image/png';
    const res = await upload(
      ctx,
      'event-cover',
      { fileData: dataUrl(bytes, type), fileName: 'huge' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message });
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    [
      'an interlaced 8-bit PNG of 13 megapixels',
      () => blank(3600, 3600, 4).png({ progressive: true }),
    ],
    ['a baseline JPEG of 17.6 megapixels', () => blank(4200, 4200, 3).jpeg()],
  ])('accepts %s, read a strip at a time or within the limit', async (_name, make) => {
    const bytes = await make().toBuffer();
    const type = bytes[0] === 0xff ? 'image/jpeg' : 'image/png';
    const res = await upload(
      ctx,
      'event-cover',
      { fileData: dataUrl(bytes, type), fileName: 'big' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('parallel uploads', () => {
  it('are handled one at a time: the next is not read until the first has answered', async () => {
    const fileData = dataUrl(await makeImage('png'));
    const body = JSON.stringify({ fileName: 'slow.png', fileData });
    // The first upload's body arrives slowly: it holds the queue while it is read.
    const slowBody = new PassThrough();
    slowBody.write(body.slice(0, 100));
    const slow = ctx.app.inject({
      method: 'POST',
      url: '/api/medias/upload-event-cover',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: slowBody,
    });
    // Signed in and queued: it now waits for the rest of its body.
    await new Promise((resolve) => setTimeout(resolve, 100));
    let secondDone = false;
    const second = upload(ctx, 'event-cover', { fileData }, otherToken).then((res) => {
      secondDone = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondDone).toBe(false);
    slowBody.end(body.slice(100));
    expect((await slow).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
  });
});

describe('event covers and download files', () => {
  it('stores a PDF as is and serves it as a download', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload(
      ctx,
      'download-file',
      {
        contactId: owner.contactId,
        fileData: dataUrl(pdf, 'application/pdf'),
        fileName: 'Luncheon menu.pdf',
      },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: res.json().mediaUrl });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment; filename="Luncheon menu.pdf"');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it.each([
    ['plain text', 'text/plain', 'Luncheon menu: soup, salad, pie'],
    ['an HTML page', 'text/html', '<!doctype html><html><script>alert(1)</script></html>'],
    [
      'an SVG',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['text that only mentions PDF', 'application/pdf', 'PDF-1.4 %PDF- but not at the start'],
  ])('refuses %s as a download file', async (_name, type, text) => {
    const before = await storedFiles();
    const res = await upload(
      ctx,
      'download-file',
      { fileData: dataUrl(Buffer.from(text), type), fileName: 'menu.pdf' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe('Please select a PDF, JPEG or PNG file.');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a download file of exactly 10 MB', async () => {
    const pdf = Buffer.alloc(10 * 1024 * 1024, 0x20);
    pdf.write('%PDF-1.4\n');
    const res = await upload(
      ctx,
      'download-file',
      { fileData: dataUrl(pdf, 'application/pdf'), fileName: 'big.pdf' },
      owner.token,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 10MB');
  });

  it('refuses a PDF as an event cover', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const res = await upload(
      ctx,
      'event-cover',
      { fileData: dataUrl(pdf, 'application/pdf') },
      owner.token,
    );
    expect(res.statusCode).toBe(415);
  });

  it('accepts an event cover from any signed-in member', async () => {
    const res = await upload(
      ctx,
      'event-cover',
      { fileData: dataUrl(await makeImage('jpeg'), 'image/jpeg') },
      otherToken,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().mediaUrl).toMatch(/\.jpg$/);
  });
});

describe('an account the chamber has not confirmed yet', () => {
  let pending: { contactId: string; token: string };
  beforeAll(async () => {
    const user = await createTestUser(ctx.db, {
      status: 'pending',
      contact: { membershipTier: 'elite' },
    });
    pending = { contactId: user.contactId!, token: await signIn(ctx, user.email) };
  });

  it('uploads its own avatar and cover image', async () => {
    const png = dataUrl(await makeImage('png'));
    for (const kind of ['avatar', 'coverImage'] as const) {
      const res = await upload(
        ctx,
        kind,
        { contactId: pending.contactId, fileData: png },
        pending.token,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('uploads nothing for someone else', async () => {
    const png = dataUrl(await makeImage('png'));
    const res = await upload(
      ctx,
      'avatar',
      { contactId: owner.contactId, fileData: png },
      pending.token,
    );
    expect(res.statusCode).toBe(403);
  });

  it('cannot upload event covers or download files, which need the right to create events', async () => {
    const before = (await storedFiles()).length;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 7)]);
    const cover = await upload(
      ctx,
      'event-cover',
      { fileData: dataUrl(await makeImage('png')) },
      pending.token,
    );
    const file = await upload(
      ctx,
      'download-file',
      { fileData: dataUrl(pdf, 'application/pdf'), fileName: 'flyer.pdf' },
      pending.token,
    );
    for (const res of [cover, file]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message:
          'Your membership is not active yet. Events can be added once the chamber confirms it.',
      });
    }
    expect((await storedFiles()).length).toBe(before);
    // Nor may it create the event they would belong to: one rule for both.
    const event = await ctx.app.inject({
      method: 'POST',
      url: '/api/calendars/appointments',
      headers: { authorization: `Bearer ${pending.token}` },
      payload: {
        title: 'Open House',
        startTime: '2026-04-15T22:00:00Z',
        endTime: '2026-04-15T23:00:00Z',
      },
    });
    expect(event.statusCode).toBe(403);
    expect(event.json().message).toBe(cover.json().message);
  });
});

describe('GET /api/media/{key}', () => {
  it('answers 404 for unknown and malformed keys', async () => {
    for (const key of ['a'.repeat(64) + '.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/media/${key}` });
      expect(res.statusCode, key).toBe(404);
    }
  });
});

describe('throttling', () => {
  it('limits one account to 60 uploads an hour', async () => {
    const uploader = await member('standard');
    const fileData = dataUrl(await makeImage('png', { width: 8, height: 8 }));
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await upload(ctx, 'event-cover', { fileData }, uploader.token)).statusCode);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const last = await upload(ctx, 'event-cover', { fileData }, uploader.token);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(3_600_000);
    expect((await upload(ctx, 'event-cover', { fileData }, uploader.token)).statusCode).toBe(201);
  });
});
