import { TransactionRollbackError } from 'drizzle-orm';
import { MAX_PEOPLE_PER_BUSINESS, peopleMessages } from '@chamber/contract';
import type { businessPeople, Database } from '@chamber/db';
import * as q from './queries.js';
import { groupRows, type RosterGroup, type RosterItem } from './roster-groups.js';
import {
  businessFields,
  isBlank,
  mapColumns,
  readRow,
  RosterError,
  type RosterRow,
} from './roster-rows.js';

export { RosterError };

export type ImportOutcome = 'created' | 'updated' | 'skipped' | 'rejected';

export interface ImportLine {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  outcome: ImportOutcome;
  detail: string;
  /** Cells of a row that loaded that could not be taken, each with the reason. */
  rejectedCells?: string[];
}

export interface ImportReport {
  /** Data rows in the file, blank ones not counted. */
  rows: number;
  counts: Record<ImportOutcome, number>;
  /** Businesses of the file: created, matched on file (by business id or email), or refused. */
  businesses: ImportTally;
  /** People (rows) of the file: created, matched on file, or refused. */
  people: ImportTally;
  /** Cells left out of rows that loaded. */
  rejectedCells: number;
  lines: ImportLine[];
  /** Headers that match no known column. */
  ignoredColumns: string[];
  dryRun: boolean;
}

export interface ImportOptions {
  /** Check and report everything, then roll back. */
  dryRun?: boolean;
  now?: Date;
  /** Called as rows are written, about every `progressEvery` rows and at the end. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
}

const BATCH = 500;

type Field = Exclude<keyof RosterRow, 'email' | 'businessId' | 'role' | 'title'>;
const fieldLabels: Record<Field, string> = {
  firstName: 'first name',
  lastName: 'last name',
  businessName: 'business name',
  phone: 'phone',
  website: 'website',
  address1: 'address',
  city: 'city',
  state: 'state',
  postalCode: 'ZIP code',
  membershipTier: 'tier',
  memberSince: 'member since',
  specialties: 'specialties',
};
/**
 * What the roster may change on a contact that has claimed its login: the chamber's own
 * facts. Names, phone, website and address are then the member's to keep up (on their
 * profile), and a re-import must not undo their edits.
 */
const staffFields: Field[] = ['membershipTier', 'memberSince'];

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.join('\u0000') === b.join('\u0000') : a === b;

/** The fields of `row` that differ from the stored contact; empty cells never erase anything. */
function changesFor(row: RosterRow, stored: q.ContactRow, claimed: boolean) {
  const changes: Partial<RosterRow> = {};
  for (const field of Object.keys(fieldLabels) as Field[]) {
    const value = row[field];
    if (value === undefined || (claimed && !staffFields.includes(field))) continue;
    if (!same(value, stored[field])) Object.assign(changes, { [field]: value });
  }
  return changes;
}

/** How many businesses or people of the file were created, matched on file, or refused. */
export interface ImportTally {
  created: number;
  matched: number;
  refused: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const lower = (email: string | null | undefined) => (email ?? '').toLowerCase();

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Stored = { contact: q.ContactRow; claimed: boolean };

/** A new business waiting for its batch: its primary row, and the rest of its people. */
interface NewBusiness {
  primary: RosterItem;
  values: RosterRow;
  people: RosterItem[];
}

/**
 * Loads a roster: rows are grouped into businesses (roster-groups.ts); a business not on file
 * is created with its first row (or the row whose role is primary) as its primary person and
 * the other rows as its people; a business on file (by its id in `business id`, or by its
 * primary person's email, without case) is updated and its people matched by email, so
 * importing the same file twice changes nothing the second time. Everything is one
 * transaction: a failure leaves the database as it was.
 */
export async function importRoster(
  db: Database,
  records: string[][],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const [header, ...data] = records;
  if (!header || isBlank(header)) throw new RosterError('The file is empty.');
  const columns = mapColumns(header);
  const now = options.now ?? new Date();
  const lines: ImportLine[] = [];
  const counts: Record<ImportOutcome, number> = { created: 0, updated: 0, skipped: 0, rejected: 0 };
  const businesses: ImportTally = { created: 0, matched: 0, refused: 0 };
  const people: ImportTally = { created: 0, matched: 0, refused: 0 };
  const cellsOf = new Map<number, string[]>();
  const note = (row: number, outcome: ImportOutcome, detail: string) => {
    counts[outcome] += 1;
    if (outcome === 'rejected') people.refused += 1;
    const rejectedCells = cellsOf.get(row);
    lines.push(rejectedCells ? { row, outcome, detail, rejectedCells } : { row, outcome, detail });
  };
  const rejectCell = (row: number, reason: string) => {
    cellsOf.set(row, [...(cellsOf.get(row) ?? []), reason]);
  };

  // Read every row first, so a broken row is reported whatever comes after it.
  const read: RosterItem[] = [];
  let rows = 0;
  data.forEach((cells, i) => {
    const row = i + 2;
    if (isBlank(cells)) return;
    rows += 1;
    try {
      const { row: parsed, rejectedCells } = readRow(cells, columns, now);
      if (rejectedCells.length > 0) cellsOf.set(row, rejectedCells);
      read.push({ row, data: parsed });
    } catch (err) {
      if (!(err instanceof RosterError)) throw err;
      note(row, 'rejected', err.message);
    }
  });

  // One row per person of a business: a repeated email within a business is skipped.
  const groups = groupRows(read).map((group) => {
    const firstRowOf = new Map<string, number>();
    const items = group.items.filter(({ row, data }) => {
      const first = firstRowOf.get(lower(data.email));
      if (first === undefined) {
        firstRowOf.set(lower(data.email), row);
        return true;
      }
      note(row, 'skipped', `same email as row ${first} (${data.email})`);
      return false;
    });
    return { ...group, items };
  });
  const total = groups.reduce((n, g) => n + g.items.length, 0);

  const every = options.progressEvery ?? 1000;
  const work = async (tx: Tx) => {
    const byEmail = new Map<string, Stored>();
    const byId = new Map<string, Stored>();
    const emails = [...new Set(read.map((v) => lower(v.data.email)))];
    for (let i = 0; i < emails.length; i += BATCH) {
      for (const found of await q.findContactsByEmail(tx, emails.slice(i, i + BATCH))) {
        byEmail.set(lower(found.contact.email), found);
      }
    }
    const ids = [
      ...new Set(
        groups.flatMap((g) =>
          g.businessId && uuidPattern.test(g.businessId) ? [g.businessId.toLowerCase()] : [],
        ),
      ),
    ];
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const found of await q.findContactsById(tx, ids.slice(i, i + BATCH))) {
        byId.set(found.contact.id, found);
      }
    }
    /** Which business each business on file is matched by: one group each. */
    const matchedBy = new Map<string, number>();
    const matches = groups.map((group) => {
      const id = group.businessId?.toLowerCase();
      // Rows sharing an id not on file are matched by their primary person's email only: the
      // others may be people of other businesses too.
      const candidates = id ? [primaryOf(group)] : group.items;
      const found =
        (id && byId.get(id)) ||
        candidates.map((item) => byEmail.get(lower(item.data.email))).find(Boolean);
      if (!found || matchedBy.has(found.contact.id)) return undefined;
      matchedBy.set(found.contact.id, group.items[0]!.row);
      return found;
    });
    const peopleOf = new Map<string, q.PersonRow[]>();
    const matchedIds = [...matchedBy.keys()];
    for (let i = 0; i < matchedIds.length; i += BATCH) {
      for (const person of await q.peopleOfBusinesses(tx, matchedIds.slice(i, i + BATCH))) {
        peopleOf.set(person.contactId, [...(peopleOf.get(person.contactId) ?? []), person]);
      }
    }

    let done = 0;
    const progress = (n: number) => {
      for (let k = 0; k < n; k += 1) {
        done += 1;
        if (done % every === 0) options.onProgress?.(done, total);
      }
    };

    // Primary emails of the businesses this file creates: a contact's email is one business's.
    const primaryRowOf = new Map<string, number>();
    let pending: NewBusiness[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const created = await q.insertContacts(
        tx,
        pending.map(({ values }) => ({
          ...values,
          firstName: values.firstName ?? '',
          lastName: values.lastName ?? '',
          membershipTier: values.membershipTier ?? 'standard',
          // The chamber's members already: their membership is made active (and listed) from
          // this, paid through the day before the next anniversary of their member-since date.
          paymentStatus: 'paid',
          createdAt: now,
          updatedAt: now,
        })),
      );
      const idOf = new Map(created.map((c) => [lower(c.email), c.id]));
      const titles: { contactId: string; title: string }[] = [];
      const newPeople: (typeof businessPeople.$inferInsert)[] = [];
      for (const business of pending) {
        const contactId = idOf.get(lower(business.values.email))!;
        if (business.primary.data.title) {
          titles.push({ contactId, title: business.primary.data.title });
        }
        for (const { data } of business.people) {
          newPeople.push(personValues(contactId, data, now));
        }
      }
      await q.setPrimaryTitles(tx, titles);
      for (let i = 0; i < newPeople.length; i += BATCH) {
        await q.insertPeople(tx, newPeople.slice(i, i + BATCH));
      }
      for (const business of pending) {
        const name = business.values.businessName ?? contactName(business.values);
        note(business.primary.row, 'created', contactName(business.values));
        for (const { row, data } of business.people) {
          note(row, 'created', `${name}: ${personName(data)}, ${data.role ?? 'employee'}`);
        }
        businesses.created += 1;
        people.created += 1 + business.people.length;
      }
      pending = [];
    };

    for (const [g, group] of groups.entries()) {
      const found = matches[g];
      if (found) {
        businesses.matched += 1;
        await updateBusiness(found, group.items);
      } else {
        const business = newBusiness(group);
        if (business) {
          pending.push(business);
          if (pending.length >= BATCH) await flush();
        } else {
          businesses.refused += 1;
        }
      }
      progress(group.items.length);
    }
    await flush();
    if (total % every !== 0) options.onProgress?.(total, total);
    if (options.dryRun) tx.rollback();

    /** A business not on file, or undefined (its rows noted) when it cannot be created. */
    function newBusiness(group: RosterGroup): NewBusiness | undefined {
      const primary = primaryOf(group);
      if (primary.data.role !== undefined && primary.data.role !== 'primary') {
        rejectCell(
          primary.row,
          `role "${primary.data.role}": no row of this business is its primary contact, so this one is (mark one row primary)`,
        );
      }
      const values: RosterRow = { ...primary.data };
      // The business's columns: the primary row's, else the first row's that has them.
      for (const field of businessFields) {
        values[field] ??= group.items.find((i) => i.data[field] !== undefined)?.data[
          field
        ] as never;
      }
      delete values.businessId;
      delete values.role;
      delete values.title;
      const refusal = (() => {
        if (!values.firstName && !values.lastName && !values.businessName) {
          // Updates may name only the fields they change; a new contact needs a name to be listed.
          return 'needs a name or a business name (the email is not on file)';
        }
        const taken = primaryRowOf.get(lower(values.email)) ?? byEmail.get(lower(values.email));
        if (taken !== undefined) {
          return typeof taken === 'number'
            ? `its email is already the primary contact's of the business in row ${taken}`
            : 'its email is already the primary contact’s of another business on file';
        }
        return undefined;
      })();
      const rest = group.items.filter((i) => i !== primary);
      if (refusal) {
        note(primary.row, 'rejected', refusal);
        for (const { row } of rest) {
          note(row, 'rejected', `its business was not imported (row ${primary.row}: ${refusal})`);
        }
        return undefined;
      }
      primaryRowOf.set(lower(values.email), primary.row);
      const name = values.businessName ?? contactName(values);
      const people: RosterItem[] = [];
      for (const item of rest) {
        const problem =
          item.data.role === 'primary'
            ? twoPrimaries(name, primary.row)
            : people.length + 1 >= MAX_PEOPLE_PER_BUSINESS
              ? peopleMessages.tooManyPeople
              : undefined;
        if (problem) note(item.row, 'rejected', problem);
        else people.push(item);
      }
      return { primary, values, people };
    }

    /** The rows of a business on file: its primary person's as before, the others its people. */
    async function updateBusiness(found: Stored, items: RosterItem[]) {
      const { contact, claimed } = found;
      const name = contact.businessName ?? contactName({ email: contact.email ?? '' }, contact);
      const known = peopleOf.get(contact.id) ?? [];
      let count = known.length;
      for (const item of items) {
        const { row, data } = item;
        const person =
          lower(data.email) === lower(contact.email)
            ? known.find((p) => p.role === 'primary')
            : known.find((p) => p.role !== 'primary' && lower(p.email) === lower(data.email));
        if (lower(data.email) === lower(contact.email)) {
          if (data.role && data.role !== 'primary') {
            rejectCell(row, rolesOnPanel);
          }
          const changes = changesFor(data, contact, claimed);
          const fields = Object.keys(changes) as Field[];
          const retitle = person && data.title !== undefined && data.title !== person.title;
          if (fields.length === 0 && !retitle) {
            note(row, 'skipped', `already up to date (${data.email})`);
          } else {
            if (fields.length > 0) await q.updateContact(tx, contact.id, changes, now);
            if (retitle) await q.updatePerson(tx, person.id, { title: data.title }, now);
            const what = [...fields.map((f) => fieldLabels[f]), ...(retitle ? ['title'] : [])];
            note(row, 'updated', `${contactName(data, contact)}: ${what.join(', ')}`);
          }
          people.matched += 1;
        } else if (data.role === 'primary') {
          note(row, 'rejected', twoPrimaries(name, contact.email ?? ''));
        } else if (person) {
          const changes = personChanges(data, person);
          const fields = Object.keys(changes) as (keyof typeof changes)[];
          if (fields.length === 0) {
            note(row, 'skipped', `already up to date (${data.email})`);
          } else {
            await q.updatePerson(tx, person.id, changes, now);
            const what = fields.map((f) => personLabels[f]).join(', ');
            note(row, 'updated', `${name}: ${personName(data, person)}: ${what}`);
          }
          people.matched += 1;
        } else if (count >= MAX_PEOPLE_PER_BUSINESS) {
          note(row, 'rejected', peopleMessages.tooManyPeople);
        } else {
          await q.insertPeople(tx, [personValues(contact.id, data, now)]);
          count += 1;
          people.created += 1;
          note(row, 'created', `${name}: ${personName(data)}, ${data.role ?? 'employee'}`);
        }
      }
    }
  };

  try {
    await db.transaction(work);
  } catch (err) {
    if (!(options.dryRun && err instanceof TransactionRollbackError)) throw err;
  }
  lines.sort((a, b) => a.row - b.row);
  const rejectedCells = lines.reduce((n, l) => n + (l.rejectedCells?.length ?? 0), 0);
  return {
    rows,
    counts,
    businesses,
    people,
    rejectedCells,
    lines,
    ignoredColumns: columns.ignored,
    dryRun: Boolean(options.dryRun),
  };
}

/** A new business's primary row: the one marked primary, else the first without a role, else the first. */
const primaryOf = (group: RosterGroup): RosterItem =>
  group.items.find((i) => i.data.role === 'primary') ??
  group.items.find((i) => i.data.role === undefined) ??
  group.items[0]!;

const rolesOnPanel =
  'role: the primary contact stays primary; make someone else the primary contact on the business’s people panel first';

const twoPrimaries = (business: string, primary: number | string) =>
  `${business} already has its primary contact (${typeof primary === 'number' ? `row ${primary}` : primary}); a business has one: use billing, editor or employee`;

/** A person of a business as the row names them (not its primary one: the trigger makes that). */
function personValues(contactId: string, data: RosterRow, now: Date) {
  return {
    contactId,
    role: data.role ?? ('employee' as const),
    firstName: data.firstName ?? '',
    lastName: data.lastName ?? '',
    title: data.title ?? '',
    email: data.email,
    phone: data.phone ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

const personLabels = {
  firstName: 'first name',
  lastName: 'last name',
  phone: 'phone',
  title: 'title',
  role: 'role',
} as const;

/**
 * What a row changes on a person of a business on file (not its primary one). Empty cells
 * erase nothing; a person with a sign-in keeps their own name and phone.
 */
function personChanges(data: RosterRow, person: q.PersonRow) {
  const changes: Partial<Pick<q.PersonRow, keyof typeof personLabels>> = {};
  const own = person.userId === null;
  if (own && data.firstName !== undefined && data.firstName !== person.firstName) {
    changes.firstName = data.firstName;
  }
  if (own && data.lastName !== undefined && data.lastName !== person.lastName) {
    changes.lastName = data.lastName;
  }
  if (own && data.phone !== undefined && data.phone !== person.phone) changes.phone = data.phone;
  if (data.title !== undefined && data.title !== person.title) changes.title = data.title;
  if (data.role !== undefined && data.role !== person.role) changes.role = data.role;
  return changes;
}

function personName(row: RosterRow, stored?: { firstName: string; lastName: string }): string {
  const name = [row.firstName ?? stored?.firstName, row.lastName ?? stored?.lastName]
    .filter(Boolean)
    .join(' ');
  return name ? `${name} <${row.email}>` : `<${row.email}>`;
}

function contactName(row: RosterRow, stored?: q.ContactRow): string {
  const person = [row.firstName ?? stored?.firstName, row.lastName ?? stored?.lastName]
    .filter(Boolean)
    .join(' ');
  const business = row.businessName ?? stored?.businessName;
  const name = business && person ? `${business} (${person})` : business || person;
  return `${name} <${row.email}>`;
}
