import type { Executor } from './client.js';
import { contacts, events, users } from './schema/index.js';

type ContactInsert = typeof contacts.$inferInsert;
type UserInsert = typeof users.$inferInsert;
type EventInsert = typeof events.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

/** A directory contact; every field can be overridden. */
export async function createContact(db: Executor, overrides: Partial<ContactInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(contacts)
    .values({
      firstName: 'Jordan',
      lastName: `Member${n}`,
      email: `member${n}-${Date.now()}@example.org`,
      businessName: `Main Street Shop ${n}`,
      membershipTier: 'standard',
      memberSince: '2024-01-15',
      // A member in good standing: the trigger makes its membership active from this.
      paymentStatus: 'paid',
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A login with an already hashed password. With `contact: true` (the default for members)
 * a directory contact with the same name and email is created and linked.
 */
export async function createUser(
  db: Executor,
  input: Partial<UserInsert> & {
    passwordHash: string;
    contact?: boolean | Partial<ContactInsert>;
  },
) {
  const { contact: withContact = true, ...overrides } = input;
  const n = next();
  const email = overrides.email ?? `user${n}-${Date.now()}@example.org`;
  const firstName = overrides.firstName ?? 'Jordan';
  const lastName = overrides.lastName ?? `User${n}`;
  let contactId = overrides.contactId ?? null;
  if (withContact && !contactId) {
    const extra = typeof withContact === 'object' ? withContact : {};
    contactId = (await createContact(db, { firstName, lastName, email, ...extra })).id;
  }
  const [row] = await db
    .insert(users)
    .values({ status: 'active', ...overrides, email, firstName, lastName, contactId })
    .returning();
  return row!;
}

export async function createEvent(
  db: Executor,
  input: Partial<EventInsert> & Pick<EventInsert, 'calendarId'>,
) {
  const start = input.startTime ?? new Date(Date.now() + 7 * 86_400_000);
  const [row] = await db
    .insert(events)
    .values({
      title: 'Chamber Luncheon',
      endTime: new Date(start.getTime() + 3_600_000),
      ...input,
      startTime: start,
    })
    .returning();
  return row!;
}
