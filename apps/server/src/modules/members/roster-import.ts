import { TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '@chamber/db';
import * as q from './queries.js';
import { isBlank, mapColumns, readRow, RosterError, type RosterRow } from './roster-rows.js';

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

type Field = Exclude<keyof RosterRow, 'email'>;
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

/**
 * Loads a roster: creates contacts for new addresses and updates the stored ones (matched by
 * email, without case), so importing the same file twice changes nothing the second time.
 * Everything is one transaction: a failure leaves the database as it was.
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
  const cellsOf = new Map<number, string[]>();
  const note = (row: number, outcome: ImportOutcome, detail: string) => {
    counts[outcome] += 1;
    const rejectedCells = cellsOf.get(row);
    lines.push(rejectedCells ? { row, outcome, detail, rejectedCells } : { row, outcome, detail });
  };

  // Read every row first, so a broken row is reported whatever comes after it.
  const valid: { row: number; data: RosterRow }[] = [];
  const firstRowOf = new Map<string, number>();
  let rows = 0;
  data.forEach((cells, i) => {
    const row = i + 2;
    if (isBlank(cells)) return;
    rows += 1;
    try {
      const { row: parsed, rejectedCells } = readRow(cells, columns, now);
      if (rejectedCells.length > 0) cellsOf.set(row, rejectedCells);
      const key = parsed.email.toLowerCase();
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        note(row, 'skipped', `same email as row ${first} (${parsed.email})`);
        return;
      }
      firstRowOf.set(key, row);
      valid.push({ row, data: parsed });
    } catch (err) {
      if (!(err instanceof RosterError)) throw err;
      note(row, 'rejected', err.message);
    }
  });

  const every = options.progressEvery ?? 1000;
  const work = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
    const stored = new Map<string, { contact: q.ContactRow; claimed: boolean }>();
    for (let i = 0; i < valid.length; i += BATCH) {
      const emails = valid.slice(i, i + BATCH).map((v) => v.data.email.toLowerCase());
      for (const found of await q.findContactsByEmail(tx, emails)) {
        stored.set(found.contact.email!.toLowerCase(), found);
      }
    }
    let pending: { row: number; data: RosterRow }[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      await q.insertContacts(
        tx,
        pending.map(({ data }) => ({
          ...data,
          firstName: data.firstName ?? '',
          lastName: data.lastName ?? '',
          membershipTier: data.membershipTier ?? 'standard',
          // The chamber's members already: their membership is made active (and listed) from
          // this, paid through the day before the next anniversary of their member-since date.
          paymentStatus: 'paid',
          createdAt: now,
          updatedAt: now,
        })),
      );
      for (const { row, data } of pending) note(row, 'created', contactName(data));
      pending = [];
    };
    let done = 0;
    for (const item of valid) {
      const existing = stored.get(item.data.email.toLowerCase());
      if (!existing && !item.data.firstName && !item.data.lastName && !item.data.businessName) {
        // Updates may name only the fields they change; a new contact needs a name to be listed.
        note(item.row, 'rejected', 'needs a name or a business name (the email is not on file)');
      } else if (!existing) {
        pending.push(item);
        if (pending.length >= BATCH) await flush();
      } else {
        const changes = changesFor(item.data, existing.contact, existing.claimed);
        const fields = Object.keys(changes) as Field[];
        if (fields.length === 0) {
          note(item.row, 'skipped', `already up to date (${item.data.email})`);
        } else {
          await q.updateContact(tx, existing.contact.id, changes, now);
          const what = fields.map((f) => fieldLabels[f]).join(', ');
          note(item.row, 'updated', `${contactName(item.data, existing.contact)}: ${what}`);
        }
      }
      done += 1;
      if (done % every === 0) options.onProgress?.(done, valid.length);
    }
    await flush();
    if (valid.length % every !== 0) options.onProgress?.(valid.length, valid.length);
    if (options.dryRun) tx.rollback();
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
    rejectedCells,
    lines,
    ignoredColumns: columns.ignored,
    dryRun: Boolean(options.dryRun),
  };
}

function contactName(row: RosterRow, stored?: q.ContactRow): string {
  const person = [row.firstName ?? stored?.firstName, row.lastName ?? stored?.lastName]
    .filter(Boolean)
    .join(' ');
  const business = row.businessName ?? stored?.businessName;
  const name = business && person ? `${business} (${person})` : business || person;
  return `${name} <${row.email}>`;
}
