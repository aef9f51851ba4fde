import { type BusinessRole, emailSchema, type MembershipTier } from '@chamber/contract';

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
  /** The business the row's person belongs to: rows sharing it are one business. */
  businessId?: string;
  /** The person's role in the business (the business's first row is its primary person). */
  role?: BusinessRole;
  /** The person's title in the business ('Owner', 'Bookkeeper'). */
  title?: string;
}

type Column =
  Exclude<keyof RosterRow, 'membershipTier' | 'memberSince'> | 'name' | 'tier' | 'since';

/** The roster's columns that name the business rather than its person. */
export const businessFields = [
  'businessName',
  'website',
  'address1',
  'city',
  'state',
  'postalCode',
  'membershipTier',
  'memberSince',
  'specialties',
] as const satisfies (keyof RosterRow)[];

/**
 * Header names each column is known by, compared without case, spaces or punctuation
 * ("Member Since", "member_since" and "membersince" are one column).
 */
const aliases: Record<Column, string[]> = {
  firstName: ['firstname', 'first', 'givenname'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  name: [
    'name',
    'names',
    'fullname',
    'contactname',
    'contact',
    'primaryrep',
    'primaryrepname',
    'primarycontact',
    'primarycontactname',
  ],
  businessName: [
    'businessname',
    'business',
    'company',
    'companyname',
    'organization',
    'organisation',
    'membername',
  ],
  email: ['email', 'emailaddress', 'mail', 'primaryrepemail', 'primarycontactemail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel'],
  website: ['website', 'web', 'url', 'site', 'websiteurl'],
  address1: ['address', 'address1', 'street', 'streetaddress', 'mailingaddress'],
  city: ['city', 'town', 'mailingcity'],
  state: ['state', 'province', 'region', 'mailingstate'],
  postalCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'mailingzip', 'mailingpostalcode'],
  tier: ['tier', 'membershiptier', 'level', 'membershiplevel', 'membership', 'membershiptype'],
  since: ['membersince', 'since', 'joined', 'joindate', 'datejoined'],
  specialties: ['specialties', 'specialty', 'categories', 'category'],
  businessId: [
    'businessid',
    'companyid',
    'organizationid',
    'organisationid',
    'orgid',
    'memberid',
    'membernumber',
  ],
  role: ['role', 'businessrole', 'contactrole', 'contacttype'],
  title: ['title', 'jobtitle', 'position'],
};

/**
 * Membership software exports the business's general email next to its contact person's;
 * rows are matched by the person's, so that column wins and the other is ignored.
 */
const preferred = new Set(['primaryrepemail', 'primarycontactemail']);

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
    const key = headerKey(name);
    const column = columnByAlias.get(key);
    if (!column) {
      ignored.push(name);
      return;
    }
    const taken = index[column];
    if (taken !== undefined && preferred.has(key) !== preferred.has(headerKey(header[taken]!))) {
      // One of the two is the contact person's email: keep that one.
      if (preferred.has(key)) {
        ignored.push(header[taken]!.trim());
        index[column] = i;
      } else {
        ignored.push(name);
      }
      return;
    }
    if (taken !== undefined) {
      throw new RosterError(`Two columns mean the same thing: "${header[taken]}" and "${name}"`);
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
  businessId: 'business id',
  role: 'role',
  title: 'title',
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
  businessId: 64,
  title: 100,
};

/** A role as written ('Primary contact', 'Bookkeeper', 'Listing editor', 'staff'). */
const roles: Record<string, BusinessRole> = {
  primary: 'primary',
  primarycontact: 'primary',
  owner: 'primary',
  billing: 'billing',
  billingcontact: 'billing',
  bookkeeper: 'billing',
  accounts: 'billing',
  editor: 'editor',
  listingeditor: 'editor',
  employee: 'employee',
  staff: 'employee',
};

function parseRole(value: string): BusinessRole {
  const role = roles[value.toLowerCase().replace(/[^a-z]/g, '')];
  if (!role) {
    throw new RosterError(
      `role "${value}" is not a role (the roles are primary, billing, editor and employee)`,
    );
  }
  return role;
}

const tiers: Record<string, MembershipTier> = {
  basic: 'standard',
  standard: 'standard',
  enhanced: 'enhanced',
  elite: 'elite',
};

function parseTier(value: string): MembershipTier {
  const tier = tiers[value.toLowerCase().replace(/\s*(membership|member|plan)$/, '')];
  if (!tier) {
    throw new RosterError(
      `tier "${value}" names no plan (the plans are Basic, Enhanced and Elite); the tier was left as it was`,
    );
  }
  return tier;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A two-digit year is the latest year ending so that is not in the future (24 is 2024, 87 1987). */
function fullYear(year: string, today: Date): number {
  if (year.length === 4) return Number(year);
  const now = today.getUTCFullYear();
  const y = now - (now % 100) + Number(year);
  return y > now ? y - 100 : y;
}

/**
 * YYYY-MM-DD, YYYY/MM/DD, the US M/D/YYYY or M/D/YY, and '12 Mar 2019' or 'Mar 12, 2019' as
 * spreadsheets display dates, checked to be a real day.
 */
function parseDate(value: string, today: Date): string {
  const iso = value.match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/);
  const us = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/);
  const dayMonth = value.match(/^(\d{1,2})[ -]([a-z]{3,9})\.?[ -](\d{4}|\d{2})$/i);
  const monthDay = value.match(/^([a-z]{3,9})\.? (\d{1,2}),? (\d{4})$/i);
  const month = (name: string) => {
    const i = months.indexOf(name.slice(0, 3).toLowerCase());
    return i >= 0 && (name.length === 3 || /^[a-z]+$/i.test(name)) ? i + 1 : NaN;
  };
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : us
      ? [fullYear(us[3]!, today), Number(us[1]), Number(us[2])]
      : dayMonth
        ? [fullYear(dayMonth[3]!, today), month(dayMonth[2]!), Number(dayMonth[1])]
        : monthDay
          ? [Number(monthDay[3]), month(monthDay[1]!), Number(monthDay[2])]
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

const stateNames: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  districtofcolumbia: 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  newhampshire: 'NH',
  newjersey: 'NJ',
  newmexico: 'NM',
  newyork: 'NY',
  northcarolina: 'NC',
  northdakota: 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  rhodeisland: 'RI',
  southcarolina: 'SC',
  southdakota: 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  westvirginia: 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  puertorico: 'PR',
  guam: 'GU',
  virginislands: 'VI',
  usvirginislands: 'VI',
  americansamoa: 'AS',
  northernmarianaislands: 'MP',
};

/** A 2-letter code as written, or a state's full name ('Utah', 'new york') as its code. */
function parseState(value: string): string {
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  const code = stateNames[value.toLowerCase().replace(/[^a-z]/g, '')];
  if (!code) {
    throw new RosterError(
      `state "${value}" is not a state code (use 2-letter state codes, e.g. UT)`,
    );
  }
  return code;
}

function parseSpecialties(value: string): string[] {
  const list = [
    ...new Set(
      value
        .split(/[;|]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length > 20) throw new RosterError('more than 20 specialties');
  const long = list.find((s) => s.length > 60);
  if (long) throw new RosterError(`specialty "${long}" is longer than 60 characters`);
  return list;
}

/**
 * An exported cell that starts with a formula character is written after an apostrophe, and a
 * ZIP or phone made of digits as the text formula ="01234" (lib/csv.ts); both go again on
 * import, so an export re-imports unchanged.
 */
const unescapeCell = (value: string) => {
  const text = /^="(.*)"$/.exec(value);
  if (text) return text[1]!.replace(/""/g, '"');
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
};

export interface ReadRow {
  row: RosterRow;
  /** Why each cell that was left out could not be taken; the rest of the row is. */
  rejectedCells: string[];
}

/**
 * One data row as a contact. A cell that cannot be taken is left out, with the reason, and
 * the rest of the row still loads; only a missing or broken email rejects the row (a
 * RosterError), as rows are matched by it.
 */
export function readRow(cells: string[], columns: ColumnMap, today = new Date()): ReadRow {
  const rejectedCells: string[] = [];
  // PostgreSQL text cannot hold U+0000: such a cell is refused here, naming it (cells of
  // ignored columns are never stored, so never checked).
  const nul = (column: Column) => {
    const i = columns.index[column];
    return i !== undefined && cells[i]?.includes('\u0000')
      ? `the ${labels[column]} cell (column ${i + 1}) contains a NUL character`
      : undefined;
  };
  const emailNul = nul('email');
  if (emailNul) throw new RosterError(emailNul);
  const cell = (column: Column): string | undefined => {
    const i = columns.index[column];
    const value = i === undefined ? '' : unescapeCell((cells[i] ?? '').trim().replace(/\s+/g, ' '));
    if (value === '') return undefined;
    const problem = nul(column);
    if (problem) throw new RosterError(problem);
    const limit = limits[column];
    if (limit && value.length > limit) {
      throw new RosterError(`${labels[column]} is longer than ${limit} characters`);
    }
    return value;
  };
  /** The cell read by `parse`, or undefined (noted) when it cannot be taken. */
  function take<T>(column: Column, parse: (value: string) => T): T | undefined {
    try {
      const value = cell(column);
      return value === undefined ? undefined : parse(value);
    } catch (err) {
      if (!(err instanceof RosterError)) throw err;
      rejectedCells.push(err.message);
      return undefined;
    }
  }
  const text = (value: string) => value;

  const rawEmail = cell('email');
  if (!rawEmail) throw new RosterError('no email address (rows are matched by email)');
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) throw new RosterError(`"${rawEmail}" is not an email address`);

  const row: RosterRow = { email: email.data };
  const full = take('name', text);
  const first = take('firstName', text) ?? (full ? splitName(full).firstName : undefined);
  const last = take('lastName', text) ?? (full ? splitName(full).lastName : undefined);
  if (first) row.firstName = first;
  if (last) row.lastName = last;
  const fields = {
    businessName: take('businessName', text),
    phone: take('phone', text),
    website: take('website', parseWebsite),
    address1: take('address1', text),
    city: take('city', text),
    state: take('state', parseState),
    postalCode: take('postalCode', text),
    membershipTier: take('tier', parseTier),
    memberSince: take('since', (v) => parseDate(v, today)),
    specialties: take('specialties', parseSpecialties),
    businessId: take('businessId', text),
    role: take('role', parseRole),
    title: take('title', text),
  };
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(row, { [field]: value });
  }
  return { row, rejectedCells };
}
