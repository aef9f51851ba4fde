import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Database, events, media } from '@chamber/db';
import sharp from 'sharp';
import { mediaUrl } from '../lib/media-url.js';
import type { Storage } from '../lib/storage.js';

/** The demo events' covers, drawn (the repository carries no pictures): a scene each. */
export type DemoCover =
  'breakfast' | 'luncheon' | 'ribbon' | 'saturday' | 'after-hours' | 'workshop' | 'holiday';

const line =
  'fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';

const drawings: Record<DemoCover, { from: string; to: string; shape: string }> = {
  breakfast: {
    from: '#1f5f8b',
    to: '#f2a541',
    shape: `<g ${line}><path d="M500 300h180v120a70 70 0 0 1-70 70h-40a70 70 0 0 1-70-70z"/><path d="M680 330h30a35 35 0 0 1 0 70h-30"/><path d="M540 250c0-25 20-25 20-50M600 250c0-25 20-25 20-50"/><path d="M450 520h300"/></g>`,
  },
  luncheon: {
    from: '#1f5f8b',
    to: '#3aa17e',
    shape: `<g ${line}><circle cx="600" cy="360" r="120"/><circle cx="600" cy="360" r="75"/><path d="M420 250v80a25 25 0 0 0 50 0v-80M445 330v170"/><path d="M760 250c-40 30-40 110 0 130v120"/></g>`,
  },
  ribbon: {
    from: '#b23a48',
    to: '#1f5f8b',
    shape: `<g ${line}><path d="M380 360c80-60 140 60 220 0s140 60 220 0"/><path d="M600 360l-50 130M600 360l50 130"/><circle cx="520" cy="240" r="32"/><circle cx="600" cy="240" r="32"/><path d="M540 265l90 110M580 265l-90 110"/></g>`,
  },
  saturday: {
    from: '#e07a2e',
    to: '#1f5f8b',
    shape: `<g ${line}><path d="M470 290h260l-20 220H490z"/><path d="M540 290v-30a60 60 0 0 1 120 0v30"/><path d="M560 400l25 25 55-55"/></g>`,
  },
  'after-hours': {
    from: '#2b2d5c',
    to: '#1f5f8b',
    shape: `<g ${line}><path d="M500 230h110l-10 100a45 45 0 0 1-90 0z"/><path d="M555 375v110M515 485h80"/><path d="M650 260h80l-8 120a32 32 0 0 1-64 0z"/><path d="M690 412v73M660 485h60"/></g>`,
  },
  workshop: {
    from: '#1f5f8b',
    to: '#6c8ead',
    shape: `<g ${line}><rect x="450" y="230" width="300" height="190" rx="14"/><path d="M400 470h400"/><path d="M500 380l60-60 50 40 80-80"/></g>`,
  },
  holiday: {
    from: '#14532d',
    to: '#b23a48',
    shape: `<g ${line}><path d="M360 230c120 90 360 90 480 0"/><path d="M600 420l40 70h-80z"/></g><g fill="#ffd966"><circle cx="430" cy="300" r="22"/><circle cx="520" cy="330" r="22"/><circle cx="600" cy="338" r="22"/><circle cx="680" cy="330" r="22"/><circle cx="770" cy="300" r="22"/></g>`,
  },
};

/** A cover as a small JPEG (some 20 kB), 1200 × 675 as the event pages show it. */
async function render(cover: DemoCover): Promise<Buffer> {
  const { from, to, shape } = drawings[cover];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/><g fill="#fff"><circle cx="1060" cy="90" r="260" opacity=".08"/><circle cx="120" cy="640" r="300" opacity=".07"/></g>${shape}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * A drawing stored as an upload of `kind` is (once: the same drawing is the same file), for
 * other demo pictures than covers, e.g. a celebration's photos. Answers its URL.
 */
export async function storeDemoPicture(
  db: Database,
  storage: Storage,
  cover: DemoCover,
  name: string,
): Promise<string> {
  const bytes = await render(cover);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
  await storage.put(key, bytes, 'image/jpeg');
  await db
    .insert(media)
    .values({
      key,
      kind: 'eventCover',
      contentType: 'image/jpeg',
      size: bytes.length,
      originalName: name,
    })
    .onConflictDoNothing();
  return mediaUrl(key);
}

/**
 * Gives each seeded event without a cover the drawing its title names (`covers`), stored as
 * an upload is. A cover staff have set since is kept.
 */
export async function seedDemoEventCovers(
  db: Database,
  storage: Storage,
  seededNote: string,
  covers: ReadonlyMap<string, DemoCover>,
): Promise<string[]> {
  const bare = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.internalNote, seededNote), eq(events.coverImageUrl, '')));
  const drawn = new Map<DemoCover, string>();
  let given = 0;
  for (const event of bare) {
    const cover = covers.get(event.title);
    if (!cover) continue;
    let url = drawn.get(cover);
    if (!url) {
      const bytes = await render(cover);
      const key = `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
      await storage.put(key, bytes, 'image/jpeg');
      await db.insert(media).values({
        key,
        kind: 'eventCover',
        contentType: 'image/jpeg',
        size: bytes.length,
        originalName: `demo-event-${cover}.jpg`,
      });
      url = mediaUrl(key);
      drawn.set(cover, url);
    }
    await db.update(events).set({ coverImageUrl: url }).where(eq(events.id, event.id));
    given++;
  }
  return [given ? `event covers: ${given} drawn` : 'event covers already present'];
}
