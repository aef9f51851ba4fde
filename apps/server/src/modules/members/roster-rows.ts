import { emailSchema, type MembershipTier } from '@chamber/contract';

/** A roster row as the contacts table takes it; absent (undefined) means the cell was empty. */
export interface RosterRow {
  email: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  phone?: string;
  website?: string;
  address1?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  membershipTier?: MembershipTier;
  memberSince?: string;
  specialties?: string[];
}

type Column =
  Exclude<keyof RosterRow, 'membershipTier' | 'memberSince'> | 'name' | 'tier' | 'since';

/**
 * Header names each column is known by, compared without case, spaces or punctuation
 * ("Member Since", "member_since" and "membersince" are one column).
 */
const aliases: Record<Column, string[]> = {
  firstName: ['firstname', 'first', 'givenname'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  name: ['name', 'names', 'fullname', 'contactname', 'contact'],
  businessName: [
    'businessname',
    'business',
    'company',
    'companyname',
    'organization',
    'organisation',
  ],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel'],
  website: ['website', 'web', 'url', 'site', 'websiteurl'],
  address1: ['address', 'address1', 'street', 'streetaddress'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region'],
  postalCode: ['zip', 'zipcode', 'postalcode', 'postcode'],
  tier: ['tier', 'membershiptier', 'level', 'membershiplevel', 'membership'],
  since: ['membersince', 'since', 'joined', 'joindate', 'datejoined'],
  specialties: ['specialties', 'specialty', 'categories', 'category'],
};

const columnByAlias = new Map(
  Object.entries(aliases).flatMap(([column, names]) => names.map((n) => [n, column as Column])),
);
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ColumnMap {
  /** The cell index of each recognised column. */
  index: Partial<Record<Column, number>>;
  /** Headers that match no column (their cells are ignored). */
  ignored: string[];
}

export class RosterError extends Error {}

/** Maps a header row to columns; the email column is required, as rows are matched by it. */
export function mapColumns(header: string[]): ColumnMap {
  const index: ColumnMap['index'] = {};
  const ignored: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '') return;
    const column = columnByAlias.get(headerKey(name));
    if (!column) {
      ignored.push(name);
      return;
    }
    if (index[column] !== undefined) {
      throw new RosterError(
        `Two columns mean the same thing: "${header[index[column]]}" and "${name}"`,
      );
    }
    index[column] = i;
  });
  if (index.email === undefined) {
    throw new RosterError(
      `The file has no email column (its header row is: ${header.join(', ')}). Rows are matched by email.`,
    );
  }
  return { index, ignored };
}

const labels: Record<Column, string> = {
  firstName: 'first name',
  lastName: 'last name',
  name: 'name',
  businessName: 'business name',
  email: 'email',
  phone: 'phone',
  website: 'website',
  address1: 'address',
  city: 'city',
  state: 'state',
  postalCode: 'ZIP code',
  tier: 'tier',
  since: 'member since',
  specialties: 'specialties',
};

const limits: Partial<Record<Column, number>> = {
  firstName: 100,
  lastName: 100,
  name: 200,
  businessName: 200,
  phone: 40,
  website: 500,
  address1: 200,
  city: 100,
  postalCode: 20,
};

const tiers: Record<string, MembershipTier> = {
  basic: 'standard',
  standard: 'standard',
  enhanced: 'enhanced',
  elite: 'elite',
};

function parseTier(value: string): MembershipTier {
  const tier = tiers[value.toLowerCase().replace(/\s*membership$/, '')];
  if (!tier) throw new RosterError(`unknown tier "${value}" (use basic, enhanced or elite)`);
  return tier;
}

/** YYYY-MM-DD, YYYY/MM/DD or the US M/D/YYYY, checked to be a real day. */
function parseDate(value: string): string {
  const iso = value.match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/);
  const us = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : us
      ? [us[3], us[1], us[2]].map(Number)
      : [];
  const date = y === undefined ? undefined : new Date(Date.UTC(y, m! - 1, d));
  if (!date || date.getUTCMonth() !== m! - 1 || date.getUTCDate() !== d) {
    throw new RosterError(`member since "${value}" is not a date (use YYYY-MM-DD)`);
  }
  return date.toISOString().slice(0, 10);
}

/** http(s) only, as on member pages; a bare domain gets https://. */
function parseWebsite(value: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) {
      return withScheme;
    }
  } catch {
    // Reported below.
  }
  throw new RosterError(`website "${value}" is not a web address`);
}

/** "Mary Ann Smith" is Mary Ann and Smith: the last word is the last name. */
function splitName(full: string): { firstName: string; lastName?: string } {
  const words = full.split(/\s+/);
  if (words.length === 1) return { firstName: full };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** True for a row with nothing in it (spreadsheets leave them at the end). */
export const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** One data row as a contact, or a RosterError saying what is wrong with it. */
export function readRow(cells: string[], columns: ColumnMap): RosterRow {
  // PostgreSQL text cannot hold U+0000: such a row is refused here, naming the cell, and the
  // rest of the file still loads (cells of ignored columns are never stored, so never checked).
  for (const [column, i] of Object.entries(columns.index) as [Column, number][]) {
    if (cells[i]?.includes('\u0000')) {
      throw new RosterError(
        `the ${labels[column]} cell (column ${i + 1}) contains a NUL character`,
      );
    }
  }
  const cell = (column: Column): string | undefined => {
    const i = columns.index[column];
    const value = i === undefined ? '' : (cells[i] ?? '').trim().replace(/\s+/g, ' ');
    if (value === '') return undefined;
    const limit = limits[column];
    if (limit && value.length > limit) {
      throw new RosterError(`${labels[column]} is longer than ${limit} characters`);
    }
    return value;
  };

  const rawEmail = cell('email');
  if (!rawEmail) throw new RosterError('no email address (rows are matched by email)');
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) throw new RosterError(`"${rawEmail}" is not an email address`);

  const row: RosterRow = { email: email.data };
  const full = cell('name');
  const first = cell('firstName') ?? (full ? splitName(full).firstName : undefined);
  const last = cell('lastName') ?? (full ? splitName(full).lastName : undefined);
  if (first) row.firstName = first;
  if (last) row.lastName = last;
  const business = cell('businessName');
  if (business) row.businessName = business;

  const phone = cell('phone');
  if (phone) row.phone = phone;
  const website = cell('website');
  if (website) row.website = parseWebsite(website);
  const address = cell('address1');
  if (address) row.address1 = address;
  const city = cell('city');
  if (city) row.city = city;
  const state = cell('state');
  if (state) {
    if (!/^[A-Za-z]{2}$/.test(state)) {
      throw new RosterError(
        `state "${state}" is not a state code (use 2-letter state codes, e.g. UT)`,
      );
    }
    row.state = state.toUpperCase();
  }
  const zip = cell('postalCode');
  if (zip) row.postalCode = zip;
  const tier = cell('tier');
  if (tier) row.membershipTier = parseTier(tier);
  const since = cell('since');
  if (since) row.memberSince = parseDate(since);
  const specialties = cell('specialties');
  if (specialties) {
    const list = [
      ...new Set(
        specialties
          .split(/[;|]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (list.length > 20) throw new RosterError('more than 20 specialties');
    const long = list.find((s) => s.length > 60);
    if (long) throw new RosterError(`specialty "${long}" is longer than 60 characters`);
    row.specialties = list;
  }
  return row;
}
