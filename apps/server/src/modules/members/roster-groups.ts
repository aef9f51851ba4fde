import type { RosterRow } from './roster-rows.js';

/** A roster row that was read, by its spreadsheet row number (the header is row 1). */
export interface RosterItem {
  row: number;
  data: RosterRow;
}

/** Rows that are one business, in file order. */
export interface RosterGroup {
  items: RosterItem[];
  /** The `business id` the rows share, if they have one. */
  businessId?: string;
}

const words = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
/** https://www.Example.com/ and example.com are one site. */
const site = (value: string) =>
  value
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
/** (801) 555-0311 and 801.555.0311 are one number; a short one groups nothing. */
const digits = (value: string) => {
  const d = value.replace(/\D/g, '');
  return d.length >= 7 ? d : undefined;
};

/**
 * Groups a roster's rows into businesses: rows sharing a `business id` are one business;
 * rows without one are one business when they have the same business name and the same
 * website or phone, or the same email (a repeated row). Groups come in the order of their
 * first row.
 */
export function groupRows(items: RosterItem[]): RosterGroup[] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const owner = new Map<string, number>();
  const join = (key: string, i: number) => {
    const first = owner.get(key);
    if (first === undefined) owner.set(key, i);
    else parent[find(i)] = find(first);
  };
  items.forEach(({ data }, i) => {
    if (data.businessId !== undefined) {
      join(`id\u0000${data.businessId.toLowerCase()}`, i);
      return;
    }
    join(`email\u0000${data.email.toLowerCase()}`, i);
    if (!data.businessName) return;
    const name = words(data.businessName);
    if (data.website) join(`web\u0000${name}\u0000${site(data.website)}`, i);
    const phone = data.phone && digits(data.phone);
    if (phone) join(`phone\u0000${name}\u0000${phone}`, i);
  });
  const groups = new Map<number, RosterGroup>();
  items.forEach((item, i) => {
    const root = find(i);
    let group = groups.get(root);
    if (!group) {
      group = { items: [] };
      groups.set(root, group);
    }
    group.items.push(item);
    group.businessId ??= item.data.businessId;
  });
  return [...groups.values()].sort((a, b) => a.items[0]!.row - b.items[0]!.row);
}
