import { sql } from 'drizzle-orm';
import { businessPeople, type Executor } from '@chamber/db';
import type { BusinessRole } from '@chamber/contract';
import { firstNames, lastNames, randomSource } from './scale-vocabulary.js';
import type { ScaleContact } from './scale-contacts.js';

/** People a business has besides its primary one: 0 to 4, two on average. */
const MOST_EXTRA = 4;
const titles = [
  'Office Manager',
  'Bookkeeper',
  'Sales Associate',
  'Marketing Lead',
  'Store Manager',
  'Technician',
  'Assistant',
  'Partner',
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export interface ScalePerson {
  contactId: string;
  role: BusinessRole;
  firstName: string;
  lastName: string;
  title: string;
  email: string;
}

/**
 * The people of each generated business besides its primary one (whom the contacts' insert
 * trigger makes): a bookkeeper for some, an editor for some, employees. A source of its own,
 * so the rest of the scale data stays as it was before them.
 */
export function peopleAt(businesses: ScaleContact[], ids: string[]): ScalePerson[] {
  const random = randomSource(2_026_0123);
  const people: ScalePerson[] = [];
  businesses.forEach((b, i) => {
    const domain = b.email.slice(b.email.indexOf('@') + 1);
    const extra = random.int(0, MOST_EXTRA);
    for (let k = 0; k < extra; k += 1) {
      const firstName = random.pick(firstNames);
      const lastName = random.pick(lastNames);
      const role: BusinessRole =
        k === 0 && random.chance(0.4)
          ? 'billing'
          : k === 1 && random.chance(0.3)
            ? 'editor'
            : 'employee';
      people.push({
        contactId: ids[i]!,
        role,
        firstName,
        lastName,
        title: role === 'billing' ? 'Bookkeeper' : random.pick(titles),
        email: `${slug(firstName)}.${slug(lastName)}.${i}.${k}@${domain}`,
      });
    }
  });
  return people;
}

/** Writes people 10,000 a statement (one parameter per column, as the memberships). */
export async function insertPeople(db: Executor, people: ScalePerson[]): Promise<void> {
  const STATEMENT = 10_000;
  for (let i = 0; i < people.length; i += STATEMENT) {
    const batch = people.slice(i, i + STATEMENT);
    const column = (pick: (p: ScalePerson) => string) =>
      sql.param(
        `{${batch.map((p) => `"${pick(p).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`,
      );
    await db.execute(sql`
      insert into ${businessPeople} (contact_id, role, first_name, last_name, title, email)
      select * from unnest(
        ${column((p) => p.contactId)}::uuid[], ${column((p) => p.role)}::business_role[],
        ${column((p) => p.firstName)}::text[], ${column((p) => p.lastName)}::text[],
        ${column((p) => p.title)}::text[], ${column((p) => p.email)}::text[])`);
  }
}
