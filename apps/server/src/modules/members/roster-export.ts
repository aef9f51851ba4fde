import type { Executor } from '@chamber/db';
import { asText, type TextCell, writeCsv } from '../../lib/csv.js';
import * as q from './queries.js';

/** The columns the roster import reads, by the names it knows best, so an export re-imports. */
export const rosterColumns = [
  'First Name',
  'Last Name',
  'Business Name',
  'Email',
  'Phone',
  'Website',
  'Address',
  'City',
  'State',
  'ZIP',
  'Tier',
  'Member Since',
  'Specialties',
] as const;

function rosterRecord(c: q.ContactRow): (string | TextCell)[] {
  return [
    c.firstName,
    c.lastName,
    c.businessName ?? '',
    c.email ?? '',
    asText(c.phone),
    c.website ?? '',
    c.address1 ?? '',
    c.city ?? '',
    c.state ?? '',
    asText(c.postalCode),
    c.membershipTier,
    c.memberSince ?? '',
    c.specialties.join('; '),
  ];
}

/** The directory's contacts as a roster CSV that `import-contacts` reads back unchanged. */
export async function exportRoster(db: Executor): Promise<{ csv: string; rows: number }> {
  const contacts = await q.listAllContacts(db);
  return {
    csv: writeCsv([[...rosterColumns], ...contacts.map(rosterRecord)]),
    rows: contacts.length,
  };
}
