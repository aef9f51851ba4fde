import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import { MailDelivery } from '../../lib/mail/delivery.js';
import type { Mailer } from '../../lib/mail/mailer.js';
import type { ChamberIdentity } from '../../lib/mail/templates.js';
import { firstChamber } from './queries.js';

const DEFAULT_ACCENT = '#1d4ed8';

/** Who the mail comes from: the chamber's record, or the configured name before it exists. */
export async function loadChamberIdentity(db: Database, config: Config): Promise<ChamberIdentity> {
  const row = await firstChamber(db);
  const cityLine = [row?.city, [row?.state, row?.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    name: row?.name ?? config.chamberName,
    accentColor: row && /^#[0-9a-f]{6}$/i.test(row.accentColor) ? row.accentColor : DEFAULT_ACCENT,
    addressLine: [row?.address1, cityLine].filter(Boolean).join(', '),
    phone: row?.phone ?? '',
    email: row?.email ?? '',
    publicUrl: config.publicUrl,
    logoUrl: row?.logoUrl ?? '',
  };
}

/** The portal's mail, each message signed with the chamber's identity as it stands. */
export function chamberMail(db: Database, config: Config, mailer: Mailer): MailDelivery {
  return new MailDelivery(() => loadChamberIdentity(db, config), mailer);
}
