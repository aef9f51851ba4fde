import { eq } from 'drizzle-orm';
import type { LocationWithEmbeds, UpdateLocation } from '@chamber/contract';
import { locations, type Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { mediaKeyFromUrl, mediaUrl } from '../../lib/media-url.js';
import { insertAudit } from '../admin/queries.js';
import type { Session } from '../auth/service.js';

type LocationRow = typeof locations.$inferSelect;

export function toLocation(row: LocationRow): LocationWithEmbeds {
  const { createdAt: _c, updatedAt: _u, ...fields } = row;
  return fields;
}

const notFound = () => new AppError('not_found', 'Location not found');

export async function findLocation(db: Database, id: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

export async function getLocation(db: Database, id: string): Promise<LocationWithEmbeds> {
  const row = await findLocation(db, id);
  if (!row) throw notFound();
  return toLocation(row);
}

/** The logo: '' for none, an image uploaded here, or an https address. */
function normaliseLogo(url: string, publicUrl: string): string {
  if (url === '') return '';
  const key = mediaKeyFromUrl(url, publicUrl);
  if (key) return mediaUrl(key);
  if (/^https:\/\/[^\s"'<>]+$/.test(url)) return url;
  throw new AppError('bad_request', 'logoUrl: upload the logo, or give an https address.');
}

/** PUT /locations/{id}: admins edit the chamber's record; the change is audited. */
export async function updateLocation(
  db: Database,
  clock: Clock,
  publicUrl: string,
  actor: Session,
  id: string,
  body: UpdateLocation,
): Promise<LocationWithEmbeds> {
  const values = {
    ...body,
    state: (body.state ?? '').toUpperCase(),
    logoUrl: normaliseLogo(body.logoUrl, publicUrl),
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(locations)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(locations.id, id))
      .returning();
    const was = toLocation(before) as Record<string, unknown>;
    const now = toLocation(after!) as Record<string, unknown>;
    const changed = Object.keys(now).filter((k) => was[k] !== now[k]);
    await insertAudit(tx, {
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      action: 'location.update',
      targetType: 'location',
      targetId: id,
      targetLabel: after!.name,
      before: Object.fromEntries(changed.map((k) => [k, was[k]])),
      after: Object.fromEntries(changed.map((k) => [k, now[k]])),
    });
    return toLocation(after!);
  });
}
