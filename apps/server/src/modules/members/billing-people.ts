import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BillingRecipient, ListingPerson } from '@chamber/contract';
import { businessPeople, contacts, type Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';

/**
 * Who of a business receives its money mail (docs/staff/billing.md, "Who receives invoices"):
 * staff's choice when they made one, else the rule. Invoices and receipts go to the first
 * billing person with an address, else the primary person; dues notices go to that billing
 * person and the primary person, each address once.
 */
export interface MailRecipient {
  personId: string;
  firstName: string;
  /** First and last name. */
  name: string;
  email: string;
}

/** `invoice`: invoices and receipts; `dues`: the reminders and notices of the dues run. */
export type BillingMailKind = 'invoice' | 'dues';

const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

async function peopleOf(db: Executor, contactId: string) {
  return db
    .select()
    .from(businessPeople)
    .where(eq(businessPeople.contactId, contactId))
    .orderBy(asc(businessPeople.createdAt), asc(businessPeople.id));
}

type PersonRow = typeof businessPeople.$inferSelect;

function recipientsAmong(people: PersonRow[], kind: BillingMailKind): PersonRow[] {
  const reachable = people.filter((p) => Boolean(p.email?.trim()));
  const chosen = reachable.filter((p) => p.receivesBillingMail);
  if (chosen.length > 0) return chosen;
  const billing = reachable.find((p) => p.role === 'billing');
  const primary = reachable.find((p) => p.role === 'primary');
  if (kind === 'invoice') return [billing ?? primary].filter((p) => p !== undefined);
  return [billing, primary].filter((p) => p !== undefined);
}

/** Each address once (a billing person may share the primary person's mailbox). */
function distinct(people: PersonRow[]): MailRecipient[] {
  const seen = new Set<string>();
  const out: MailRecipient[] = [];
  for (const p of people) {
    const email = p.email!.trim();
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push({ personId: p.id, firstName: p.firstName, name: personName(p), email });
  }
  return out;
}

/** Who receives a business's mail of `kind`, in order; empty when nobody has an address. */
export async function billingRecipients(
  db: Executor,
  contactId: string,
  kind: BillingMailKind,
): Promise<MailRecipient[]> {
  return distinct(recipientsAmong(await peopleOf(db, contactId), kind));
}

/**
 * The business's people as staff's membership page shows them: who receives invoices and
 * dues notices now, and whether staff chose them.
 */
export async function billingMailPeople(
  db: Executor,
  contactId: string,
): Promise<BillingRecipient[]> {
  const people = await peopleOf(db, contactId);
  const invoices = new Set(recipientsAmong(people, 'invoice').map((p) => p.id));
  const dues = new Set(recipientsAmong(people, 'dues').map((p) => p.id));
  return people.map((p) => ({
    id: p.id,
    name: personName(p),
    role: p.role,
    email: p.email,
    chosen: p.receivesBillingMail,
    receivesInvoices: invoices.has(p.id),
    receivesDuesNotices: dues.has(p.id),
  }));
}

/**
 * Staff's choice of who receives the business's money mail: exactly these people (each with
 * an address), or the rule again when the list is empty. Answers whether anything changed.
 */
export async function chooseBillingRecipients(
  tx: Executor,
  contactId: string,
  personIds: string[],
  now: Date,
): Promise<boolean> {
  const people = await peopleOf(tx, contactId);
  const wanted = new Set(personIds);
  for (const id of wanted) {
    const person = isUuid(id) ? people.find((p) => p.id === id) : undefined;
    if (!person) {
      throw new AppError('bad_request', 'Choose recipients among the business’s people.');
    }
    if (!person.email?.trim()) {
      throw new AppError(
        'bad_request',
        `${personName(person) || 'This person'} has no email address to receive invoices.`,
      );
    }
  }
  const changed = people.filter((p) => p.receivesBillingMail !== wanted.has(p.id));
  for (const p of changed) {
    await tx
      .update(businessPeople)
      .set({ receivesBillingMail: wanted.has(p.id), updatedAt: now })
      .where(eq(businessPeople.id, p.id));
  }
  return changed.length > 0;
}

/** The addresses of a business's people, lower-cased. */
export async function businessAddresses(db: Executor, contactId: string): Promise<Set<string>> {
  const people = await peopleOf(db, contactId);
  return new Set(people.flatMap((p) => (p.email?.trim() ? [p.email.trim().toLowerCase()] : [])));
}

/**
 * The people a listing shows: those who chose to be shown, the primary person first, with
 * their name and title; their email only when `showEmail` (the listing's own email rule).
 */
export async function listingPeople(
  db: Executor,
  contactId: string,
  showEmail: boolean,
): Promise<ListingPerson[]> {
  const rows = await db
    .select({
      id: businessPeople.id,
      firstName: businessPeople.firstName,
      lastName: businessPeople.lastName,
      title: businessPeople.title,
      email: businessPeople.email,
    })
    .from(businessPeople)
    .where(and(eq(businessPeople.contactId, contactId), eq(businessPeople.shownOnListing, true)))
    .orderBy(
      sql`${businessPeople.role} <> 'primary'`,
      asc(businessPeople.createdAt),
      asc(businessPeople.id),
    );
  return rows.map((p) => ({
    id: p.id,
    name: personName(p),
    title: p.title,
    email: showEmail && p.email?.trim() ? p.email.trim() : null,
  }));
}

/** A business a sign-in is a person of, with its role there (the admin users list). */
export interface SignInBusiness {
  contactId: string;
  businessName: string | null;
  role: (typeof businessPeople.$inferSelect)['role'];
}

/** The businesses of each of these sign-ins, by user id, in one query. */
export async function businessesOfSignIns(
  db: Executor,
  userIds: string[],
): Promise<Map<string, SignInBusiness[]>> {
  const out = new Map<string, SignInBusiness[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: businessPeople.userId,
      contactId: businessPeople.contactId,
      businessName: contacts.businessName,
      role: businessPeople.role,
    })
    .from(businessPeople)
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .where(inArray(businessPeople.userId, userIds))
    .orderBy(asc(contacts.businessName), asc(businessPeople.contactId));
  for (const { userId, ...business } of rows) {
    out.set(userId!, [...(out.get(userId!) ?? []), business]);
  }
  return out;
}
