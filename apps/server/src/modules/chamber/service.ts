import type { AppConfig, Chamber, UpdateChamber } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { mediaKeyFromUrl, mediaUrl } from '../../lib/media-url.js';
import type { Session } from '../../plugins/auth.js';
import * as q from './queries.js';

export function toChamber(row: q.ChamberRow): Chamber {
  const { createdAt: _c, updatedAt: _u, ...fields } = row;
  return fields;
}

// The spec's sentence: the API calls the chamber's record a location.
const notFound = () => new AppError('not_found', 'Location not found');

/** The logo: '' for none, an image uploaded here, or an https address. */
function normaliseLogo(url: string, publicUrl: string): string {
  if (url === '') return '';
  const key = mediaKeyFromUrl(url, publicUrl);
  if (key) return mediaUrl(key);
  if (/^https:\/\/[^\s"'<>]+$/.test(url)) return url;
  throw new AppError('bad_request', 'logoUrl: upload the logo, or give an https address.');
}

/** The chamber's record: read by everyone, edited by admins (audited). */
export class ChamberService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async get(id: string): Promise<Chamber> {
    const row = await q.findChamber(this.db, id);
    if (!row) throw notFound();
    return toChamber(row);
  }

  /** PUT /locations/{id}: admins edit the chamber's record; the change is audited. */
  async update(actor: Session, id: string, body: UpdateChamber): Promise<Chamber> {
    const values = {
      ...body,
      state: (body.state ?? '').toUpperCase(),
      logoUrl: normaliseLogo(body.logoUrl, this.config.publicUrl),
    };
    return this.db.transaction(async (tx) => {
      const before = await q.lockChamber(tx, id);
      if (!before) throw notFound();
      const after = await q.updateChamber(tx, id, { ...values, updatedAt: this.clock.now() });
      const was = toChamber(before) as Record<string, unknown>;
      const now = toChamber(after) as Record<string, unknown>;
      const changed = Object.keys(now).filter((k) => was[k] !== now[k]);
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action: 'location.update',
        targetType: 'location',
        targetId: id,
        targetLabel: after.name,
        before: Object.fromEntries(changed.map((k) => [k, was[k]])),
        after: Object.fromEntries(changed.map((k) => [k, now[k]])),
      });
      return toChamber(after);
    });
  }

  /**
   * What the web app needs to start (GET /config): the chamber's id (the spec's locationId),
   * its first calendar and its name, before the chamber's record exists too.
   */
  async startUp(): Promise<AppConfig> {
    const row = await q.firstChamberAndCalendar(this.db);
    return {
      locationId: row?.chamberId ?? '',
      calendarId: row?.calendarId ?? '',
      chamberName: row?.name ?? this.config.chamberName,
      publicUrl: this.config.publicUrl,
      map: {
        tileUrl: this.config.map.tileUrl,
        attribution: this.config.map.attribution,
        attributionUrl: this.config.map.attributionUrl,
        region: this.config.map.region,
      },
    };
  }
}
