import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipTier } from '@chamber/contract';
import { contacts } from '@chamber/db';
import { createStorage } from '../../lib/create-storage.js';
import { seedDemo } from '../../seed/seed.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  dataUrl,
  eliteListing,
  getMember,
  makeImage,
  memberOf,
  putMember,
  putOwnProfile,
  signedInMember,
  upload,
  signedInAdmin,
  storedContact,
} from '../../test/members.js';

let ctx: TestContext;
let admin: string;

const member = (tier: MembershipTier) => signedInMember(ctx, tier);

let width = 40;
/** Uploads a new picture (each one different, so each has its own URL) to the gallery. */
async function uploadImage(who: { contactId: string; token: string }, exif = false) {
  const bytes = await makeImage('jpeg', { width: width++, exif });
  const res = await upload(
    ctx,
    'gallery-image',
    { contactId: who.contactId, fileData: dataUrl(bytes, 'image/jpeg'), fileName: 'shop.jpg' },
    who.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ mediaUrl: string }>().mediaUrl;
}

const stored = (id: string) => storedContact(ctx, id);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

describe('image gallery', () => {
  it('an elite member uploads images (re-encoded), captions and orders them; everyone sees them', async () => {
    const elite = await member('elite');
    const first = await uploadImage(elite, true);
    const second = await uploadImage(elite);
    // Re-encoded like every image upload: the camera's metadata is gone.
    const served = await ctx.app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const gallery = [
      { url: second, caption: ' The paint counter ' },
      { url: first, caption: '' },
    ];
    const res = await putMember(ctx, elite.contactId, { gallery }, elite.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(memberOf(res).gallery).toEqual([
      { url: second, caption: 'The paint counter' },
      { url: first, caption: '' },
    ]);
    // A visitor sees the same, in the same order.
    expect(memberOf(await getMember(ctx, elite.contactId)).gallery.map((i) => i.url)).toEqual([
      second,
      first,
    ]);

    // /profile saves it too: reordered, one removed.
    const own = await putOwnProfile(
      ctx,
      {
        firstName: 'Tom',
        lastName: 'Barlow',
        email: (await stored(elite.contactId)).email,
        gallery: [{ url: first, caption: 'Our storefront' }],
      },
      elite.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((await stored(elite.contactId)).gallery).toEqual([
      { url: first, caption: 'Our storefront' },
    ]);
  });

  it('holds at most 12 images', async () => {
    const elite = await member('elite');
    const urls: string[] = [];
    for (let i = 0; i < 13; i++) urls.push(await uploadImage(elite));
    const images = urls.map((url, i) => ({ url, caption: `Picture ${i + 1}` }));
    const thirteen = await putMember(ctx, elite.contactId, { gallery: images }, elite.token);
    expect(thirteen.statusCode).toBe(400);
    expect(thirteen.json<{ message: string }>().message).toContain('At most 12 gallery images');
    expect((await stored(elite.contactId)).gallery).toEqual([]);
    const twelve = await putMember(
      ctx,
      elite.contactId,
      { gallery: images.slice(0, 12) },
      elite.token,
    );
    expect(twelve.statusCode, twelve.body).toBe(200);
    expect(memberOf(twelve).gallery).toHaveLength(12);
  });

  it.each([
    ['an image elsewhere', 'https://tracker.example/pixel.png', 'Gallery images must be uploaded'],
    ['a page', '/api/members', 'Gallery images must be uploaded'],
    [
      'a media name never uploaded',
      `/api/media/${'a'.repeat(64)}.png`,
      'Images must be uploaded to the portal first.',
    ],
  ])('refuses %s with 400 and its reason', async (_name, url, message) => {
    const elite = await member('elite');
    const res = await putMember(
      ctx,
      elite.contactId,
      { gallery: [{ url, caption: '' }] },
      elite.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect((await stored(elite.contactId)).gallery).toEqual([]);
  });

  it('refuses a caption over 140 characters', async () => {
    const elite = await member('elite');
    const url = await uploadImage(elite);
    const res = await putMember(
      ctx,
      elite.contactId,
      { gallery: [{ url, caption: 'x'.repeat(141) }] },
      elite.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      'A gallery caption can be at most 140 characters',
    );
  });

  it('refuses uploads and saves below elite (403 tier_required)', async () => {
    const enhanced = await member('enhanced');
    const bytes = await makeImage('png');
    const refused = await upload(
      ctx,
      'gallery-image',
      { contactId: enhanced.contactId, fileData: dataUrl(bytes) },
      enhanced.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'tier_required',
      message: 'An image gallery is available with Elite membership.',
    });
    // An image uploaded by someone else is still not theirs to show.
    const url = await uploadImage(await member('elite'));
    const res = await putMember(
      ctx,
      enhanced.contactId,
      { gallery: [{ url, caption: '' }] },
      enhanced.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe('tier_required');
    // An empty gallery, as a blank form sends, is fine.
    expect(
      (await putMember(ctx, enhanced.contactId, { gallery: [] }, enhanced.token)).statusCode,
    ).toBe(200);
    expect((await stored(enhanced.contactId)).gallery).toEqual([]);
  });

  it("refuses another member's gallery and visitors", async () => {
    const elite = await member('elite');
    const other = await member('elite');
    const bytes = await makeImage('png');
    const res = await upload(
      ctx,
      'gallery-image',
      { contactId: elite.contactId, fileData: dataUrl(bytes) },
      other.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'You can only upload images for your own member page.',
    );
    const url = await uploadImage(other);
    const gallery = [{ url, caption: 'Not mine' }];
    expect((await putMember(ctx, elite.contactId, { gallery }, other.token)).statusCode).toBe(403);
    expect((await putMember(ctx, elite.contactId, { gallery })).statusCode).toBe(401);
    expect(
      (await upload(ctx, 'gallery-image', { contactId: elite.contactId, fileData: dataUrl(bytes) }))
        .statusCode,
    ).toBe(401);
    expect((await stored(elite.contactId)).gallery).toEqual([]);
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const elite = await member('elite');
    const res = await upload(
      ctx,
      'gallery-image',
      {
        contactId: elite.contactId,
        fileData: dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        fileName: 'shop.png',
      },
      elite.token,
    );
    expect(res.statusCode).toBe(415);
  });

  it('hides the gallery (kept) when the plan drops below elite or the membership ends, and shows it again', async () => {
    const elite = await eliteListing(ctx, admin);
    const urls = [await uploadImage(elite), await uploadImage(elite)];
    const gallery = urls.map((url) => ({ url, caption: '' }));
    await putMember(ctx, elite.contactId, { gallery }, elite.token);
    const shown = async () => memberOf(await getMember(ctx, elite.contactId, admin)).gallery.length;

    expect(await shown()).toBe(2);
    const down = await elite.changePlan('enhanced');
    expect(down.statusCode, down.body).toBe(200);
    expect(await shown()).toBe(0);
    expect((await stored(elite.contactId)).gallery).toHaveLength(2);
    await elite.changePlan('elite');
    expect(await shown()).toBe(2);

    const cancelled = await elite.cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await shown()).toBe(0);
    // A blank save from the lapsed member keeps the pictures for the day they pay again.
    expect((await putMember(ctx, elite.contactId, { gallery: [] }, elite.token)).statusCode).toBe(
      200,
    );
    expect((await stored(elite.contactId)).gallery).toHaveLength(2);
    await elite.payAgain();
    expect(await shown()).toBe(2);
  });

  it('the demo seed gives the elite member a served gallery, once', async () => {
    const storage = createStorage(ctx.config);
    const first = await seedDemo(ctx.db, ctx.clock.now(), storage);
    expect(first.lines).toContain('gallery: 4 images for tom@redwoodhardware.example');
    const [tom] = await ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'tom@redwoodhardware.example'));
    const shown = memberOf(await getMember(ctx, tom!.id)).gallery;
    expect(shown).toHaveLength(4);
    expect(shown[0]!.caption).toBe('Our storefront on Main Street');
    for (const image of shown) {
      const file = await ctx.app.inject({ url: image.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
    // A member who empties the gallery keeps it empty across restarts.
    await ctx.db.update(contacts).set({ gallery: [] }).where(eq(contacts.id, tom!.id));
    const again = await seedDemo(ctx.db, ctx.clock.now(), storage);
    expect(again.lines).toContain('gallery already present');
    expect((await stored(tom!.id)).gallery).toEqual([]);
    await storage.close();
  });
});
