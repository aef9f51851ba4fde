import type { Executor } from '@chamber/db';
import { asText, type TextCell, writeCsv } from '../../lib/csv.js';
import * as q from './queries.js';

/**
 * The columns the roster import reads, by the names it knows best, so an export re-imports:
 * one row per person of a business, the business's columns repeated on each, and its id in
 * `Business ID` so the rows group back into the same business.
 */
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
  'Title',
  'Role',
  'Business ID',
] as const;

type Row = Awaited<ReturnType<typeof q.listAllPeople>>[number];

function rosterRecord({ contact: c, person: p }: Row): (string | TextCell)[] {
  // The primary person is the one the contact's own fields name.
  const own = !p || p.role === 'primary';
  return [
    own ? c.firstName : p.firstName,
    own ? c.lastName : p.lastName,
    c.businessName ?? '',
    (own ? c.email : p.email) ?? '',
    asText(own ? c.phone : p.phone),
    c.website ?? '',
    c.address1 ?? '',
    c.city ?? '',
    c.state ?? '',
    asText(c.postalCode),
    c.membershipTier,
    c.memberSince ?? '',
    c.specialties.join('; '),
    p?.title ?? '',
    p?.role ?? 'primary',
    c.id,
  ];
}

/** Every person of every business as a roster CSV that `import-contacts` reads back unchanged. */
export async function exportRoster(db: Executor): Promise<{ csv: string; rows: number }> {
  const people = await q.listAllPeople(db);
  return {
    csv: writeCsv([[...rosterColumns], ...people.map(rosterRecord)]),
    rows: people.length,
  };
}
