import { createHash } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { contacts, media, type Database } from '@chamber/db';
import sharp from 'sharp';
import type { Storage } from '../lib/storage.js';
import { mediaUrl } from '../lib/media-url.js';

/** The seed's elite member whose gallery is filled (apps/server/src/seed/demo-data.ts). */
const GALLERY_OWNER = 'tom@redwoodhardware.example';
const DEMO_NAME = 'demo-gallery-';

/** Drawn, not photographed: the repository carries no pictures, so each is a simple scene. */
const pictures: { caption: string; sky: string; ground: string; shape: string }[] = [
  {
    caption: 'Our storefront on Main Street',
    sky: '#9ec9e8',
    ground: '#6b8f4e',
    shape:
      '<rect x="300" y="260" width="600" height="340" fill="#b5533c"/><rect x="520" y="420" width="160" height="180" fill="#3b2a20"/><rect x="270" y="220" width="660" height="60" fill="#2f4858"/>',
  },
  {
    caption: 'The paint counter, where colours are mixed to order',
    sky: '#f2e6d0',
    ground: '#8c6d4f',
    shape:
      '<circle cx="360" cy="420" r="110" fill="#d1495b"/><circle cx="600" cy="420" r="110" fill="#edae49"/><circle cx="840" cy="420" r="110" fill="#00798c"/>',
  },
  {
    caption: 'Saturday workshop: building a garden bench',
    sky: '#cfe3c6',
    ground: '#a47148',
    shape:
      '<rect x="300" y="380" width="600" height="50" fill="#6f4518"/><rect x="340" y="430" width="40" height="150" fill="#6f4518"/><rect x="820" y="430" width="40" height="150" fill="#6f4518"/>',
  },
  {
    caption: '',
    sky: '#2f4858',
    ground: '#33658a',
    shape: '<polygon points="600,140 760,520 440,520" fill="#f6ae2d"/>',
  },
];

async function render({ sky, ground, shape }: (typeof pictures)[number]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${sky}"/><rect y="560" width="1200" height="240" fill="${ground}"/>${shape}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Gives the seed's elite member a gallery of drawn pictures, stored as uploads are. Once per
 * database: a gallery the member has since emptied or changed is left as it is.
 */
export async function seedDemoGallery(db: Database, storage: Storage): Promise<string[]> {
  const [owner] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${GALLERY_OWNER}`);
  if (!owner) return [];
  const [done] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.contactId, owner.id), like(media.originalName, `${DEMO_NAME}%`)))
    .limit(1);
  if (done) return ['gallery already present'];

  const gallery: { url: string; caption: string }[] = [];
  for (const [i, picture] of pictures.entries()) {
    const bytes = await render(picture);
    const key = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    await storage.put(key, bytes, 'image/png');
    await db.insert(media).values({
      key,
      kind: 'galleryImage',
      contentType: 'image/png',
      size: bytes.length,
      originalName: `${DEMO_NAME}${i + 1}.png`,
      contactId: owner.id,
    });
    gallery.push({ url: mediaUrl(key), caption: picture.caption });
  }
  await db.update(contacts).set({ gallery }).where(eq(contacts.id, owner.id));
  return [`gallery: ${gallery.length} images for ${GALLERY_OWNER}`];
}
