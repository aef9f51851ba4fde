import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  DuesNoticeKind,
  InvoicePurpose,
  JoinDetails,
  MembershipEventKind,
  MembershipTier,
  PaymentStatus,
} from '@chamber/contract';
import {
  chambers,
  contacts,
  duesNotices,
  type Executor,
  invoices,
  membershipEvents,
  membershipPlans,
  memberships,
  membershipSettings,
  membershipTerms,
  payments,
  users,
} from '@chamber/db';
import { queueMail } from '../../lib/mail/outbox.js';
import { DUES_NOTICE_MAIL } from './dues-mail.js';

export type MembershipRow = typeof memberships.$inferSelect;
export type PlanRow = typeof membershipPlans.$inferSelect;
export type SettingsRow = typeof membershipSettings.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

const nextPlans = alias(membershipPlans, 'next_plan');

/** A membership with its plans and the contact it belongs to: what every answer shows. */
export const viewColumns = {
  membership: memberships,
  plan: membershipPlans,
  nextPlan: nextPlans,
  contact: {
    id: contacts.id,
    firstName: contacts.firstName,
    lastName: contacts.lastName,
    businessName: contacts.businessName,
    email: contacts.email,
  },
};
export interface MembershipView {
  membership: MembershipRow;
  plan: PlanRow;
  nextPlan: PlanRow | null;
  contact: {
    id: string;
    firstName: string;
    lastName: string;
    businessName: string | null;
    email: string | null;
  };
}

export async function getSettings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(membershipSettings).where(eq(membershipSettings.id, 1));
  if (row) return row;
  // The migration inserts the row; a restored database without it gets the defaults.
  const [made] = await db
    .insert(membershipSettings)
    .values({ id: 1 })
    .onConflictDoNothing()
    .returning();
  return made ?? (await getSettings(db));
}

export async function updateSettings(
  db: Executor,
  values: Partial<typeof membershipSettings.$inferInsert>,
): Promise<SettingsRow> {
  await getSettings(db);
  const [row] = await db
    .update(membershipSettings)
    .set(values)
    .where(eq(membershipSettings.id, 1))
    .returning();
  return row!;
}

/** The chamber's time zone: its calendar days are the dues' days. */
export async function chamberTimeZone(db: Executor): Promise<string> {
  const [row] = await db.select({ timezone: chambers.timezone }).from(chambers).limit(1);
  return row?.timezone ?? 'America/Denver';
}

export async function listPlans(db: Executor): Promise<PlanRow[]> {
  return db.select().from(membershipPlans).orderBy(asc(membershipPlans.sortOrder));
}

export async function findPlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  return row;
}

export async function findPlanByLevel(db: Executor, level: MembershipTier) {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.level, level));
  return row;
}

function viewQuery(db: Executor) {
  return db
    .select(viewColumns)
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .leftJoin(nextPlans, eq(nextPlans.id, memberships.nextPlanId))
    .innerJoin(contacts, eq(contacts.id, memberships.contactId));
}

export async function findView(db: Executor, where: SQL): Promise<MembershipView | undefined> {
  const [row] = await viewQuery(db).where(where).limit(1);
  return row;
}

export async function membershipIdsOf(
  db: Executor,
  contactIds: string[],
): Promise<Map<string, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, contactId: memberships.contactId })
    .from(memberships)
    .where(inArray(memberships.contactId, contactIds));
  return new Map(rows.map((r) => [r.contactId, r.id]));
}

/** The membership row locked for a change in this transaction. */
export async function lockMembership(db: Executor, where: SQL): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(where).for('update').limit(1);
  return row;
}

export async function updateMembership(
  db: Executor,
  id: string,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<MembershipRow> {
  const [row] = await db.update(memberships).set(values).where(eq(memberships.id, id)).returning();
  return row!;
}

export async function insertMembership(db: Executor, values: typeof memberships.$inferInsert) {
  const [row] = await db
    .insert(memberships)
    .values(values)
    .onConflictDoNothing({ target: memberships.contactId })
    .returning();
  return row;
}

export async function insertEvent(
  db: Executor,
  values: {
    membershipId: string;
    kind: MembershipEventKind;
    detail?: Record<string, unknown>;
    actorUserId?: string | null;
    at: Date;
  },
) {
  await db.insert(membershipEvents).values({ detail: {}, ...values });
}

export async function insertTerm(db: Executor, values: typeof membershipTerms.$inferInsert) {
  await db.insert(membershipTerms).values(values);
}

/** The term that covers `day`, else the latest. */
/** Whether a term on `planId` starting after `day` is paid (a downgrade renewed early). */
export async function paidTermAfter(
  db: Executor,
  membershipId: string,
  planId: string,
  day: string,
) {
  const [row] = await db
    .select({ id: membershipTerms.id })
    .from(membershipTerms)
    .where(
      and(
        eq(membershipTerms.membershipId, membershipId),
        eq(membershipTerms.planId, planId),
        sql`${membershipTerms.startsOn} > ${day}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function currentTerm(db: Executor, membershipId: string, day: string) {
  const [row] = await db
    .select()
    .from(membershipTerms)
    .where(eq(membershipTerms.membershipId, membershipId))
    .orderBy(
      sql`(${membershipTerms.startsOn} <= ${day} and ${membershipTerms.endsOn} >= ${day}) desc`,
      desc(membershipTerms.endsOn),
      desc(membershipTerms.startsOn),
    )
    .limit(1);
  return row;
}

export async function listTerms(db: Executor, membershipId: string) {
  return db
    .select({
      planName: membershipPlans.name,
      startsOn: membershipTerms.startsOn,
      endsOn: membershipTerms.endsOn,
      invoiceNumber: invoices.number,
    })
    .from(membershipTerms)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipTerms.planId))
    .leftJoin(invoices, eq(invoices.id, membershipTerms.invoiceId))
    .where(eq(membershipTerms.membershipId, membershipId))
    .orderBy(asc(membershipTerms.startsOn), asc(membershipTerms.createdAt));
}

export async function listEvents(db: Executor, membershipId: string) {
  return db
    .select({
      kind: membershipEvents.kind,
      at: membershipEvents.at,
      detail: membershipEvents.detail,
    })
    .from(membershipEvents)
    .where(eq(membershipEvents.membershipId, membershipId))
    .orderBy(desc(membershipEvents.at));
}

/** The membership's open invoices, optionally of some purposes, oldest first. */
export async function openInvoices(
  db: Executor,
  membershipId: string,
  purposes?: InvoicePurpose[],
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.membershipId, membershipId),
        eq(invoices.status, 'open'),
        eq(invoices.kind, 'invoice'),
        purposes ? inArray(invoices.purpose, purposes) : undefined,
      ),
    )
    .orderBy(asc(invoices.createdAt));
}

/**
 * What the directory and the admin view read of a membership, kept on the contact: the tier,
 * the spec's payment status, and whether it is listed.
 */
export async function updateContactStanding(
  db: Executor,
  contactId: string,
  values: { membershipTier: MembershipTier; paymentStatus: PaymentStatus; listed: boolean },
  now: Date,
) {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(contacts.id, contactId),
        // An unchanged contact is not written: a write would discard the directory's kept pages.
        sql`(${contacts.membershipTier}, ${contacts.paymentStatus}, ${contacts.listed}) is distinct from (${values.membershipTier}::membership_tier, ${values.paymentStatus}::payment_status, ${values.listed})`,
      ),
    );
}

/** A pending login of the contact becomes active: its member is paid up and approved. */
export async function activatePendingLogin(db: Executor, contactId: string, now: Date) {
  await db
    .update(users)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.contactId, contactId), eq(users.status, 'pending')));
}

export async function findContact(db: Executor, id: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export async function setContactBusinessName(db: Executor, id: string, name: string, now: Date) {
  await db.update(contacts).set({ businessName: name, updatedAt: now }).where(eq(contacts.id, id));
}

/**
 * The details a join brings: names and phone are the login's and its contact's (a profile
 * save copies them from the login), business and address the contact's. '' clears.
 */
export async function saveJoinDetails(
  db: Executor,
  userId: string,
  contactId: string,
  details: JoinDetails,
  now: Date,
) {
  const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const login = {
    firstName: details.firstName,
    lastName: details.lastName,
    phone: orNull(details.phone),
  };
  const contact = {
    ...login,
    businessName: orNull(details.businessName),
    address1: orNull(details.address1),
    city: orNull(details.city),
    state: orNull(details.state),
    postalCode: orNull(details.postalCode),
  };
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const forLogin = defined(login);
  if (Object.keys(forLogin).length > 0) {
    await db
      .update(users)
      .set({ ...forLogin, updatedAt: now })
      .where(eq(users.id, userId));
  }
  const forContact = defined(contact);
  if (Object.keys(forContact).length > 0) {
    await db
      .update(contacts)
      .set({ ...forContact, updatedAt: now })
      .where(eq(contacts.id, contactId));
  }
}

export { contacts, invoices, memberships, membershipPlans, payments };

/** Lapsed and cancelled listings, after the chamber changed its lapsed listing rule. */
export async function relistEnded(db: Executor, listed: boolean, now: Date) {
  await db
    .update(contacts)
    .set({ listed, updatedAt: now })
    .where(
      and(
        sql`${contacts.listed} <> ${listed}`,
        sql`exists (select 1 from ${memberships} m where m.contact_id = ${contacts.id} and m.status in ('lapsed', 'cancelled'))`,
      ),
    );
}

/**
 * A dues mail, queued: the notice written once (the key holds it to one) and, in the same
 * transaction, its mail in the outbox.
 */
export async function queueNotice(db: Executor, values: typeof duesNotices.$inferInsert) {
  const rows = await db
    .insert(duesNotices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: duesNotices.id });
  for (const row of rows) {
    await queueMail(db, values.sentAt, DUES_NOTICE_MAIL, { noticeId: row.id });
  }
  return rows.length;
}

/** Forgets a dues mail of a kind for a paid-through date, so the next change mails it again. */
export async function forgetNotice(
  db: Executor,
  key: { membershipId: string; kind: DuesNoticeKind; paidThrough: string },
) {
  await db
    .delete(duesNotices)
    .where(
      and(
        eq(duesNotices.membershipId, key.membershipId),
        eq(duesNotices.kind, key.kind),
        eq(duesNotices.paidThrough, key.paidThrough),
      ),
    );
}
