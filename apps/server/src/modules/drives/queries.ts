import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  businessPeople,
  contacts,
  driveProspects,
  driveVolunteers,
  type Executor,
  invoices,
  sponsorshipDrives,
  users,
} from '@chamber/db';

export type DriveRow = typeof sponsorshipDrives.$inferSelect;
export type ProspectRow = typeof driveProspects.$inferSelect;

export async function drives(db: Executor): Promise<DriveRow[]> {
  return db.select().from(sponsorshipDrives).orderBy(desc(sponsorshipDrives.startsOn));
}

export async function drive(db: Executor, id: string): Promise<DriveRow | undefined> {
  const [row] = await db.select().from(sponsorshipDrives).where(eq(sponsorshipDrives.id, id));
  return row;
}

export async function insertDrive(db: Executor, values: typeof sponsorshipDrives.$inferInsert) {
  const [row] = await db.insert(sponsorshipDrives).values(values).returning();
  return row!;
}

export async function updateDrive(
  db: Executor,
  id: string,
  values: Partial<typeof sponsorshipDrives.$inferInsert>,
) {
  const [row] = await db
    .update(sponsorshipDrives)
    .set(values)
    .where(eq(sponsorshipDrives.id, id))
    .returning();
  return row;
}

/** A drive's volunteers with their names: a person's (and business), or a staff login's. */
export async function volunteers(db: Executor, driveIds: string[]) {
  if (driveIds.length === 0) return [];
  return db
    .select({
      id: driveVolunteers.id,
      driveId: driveVolunteers.driveId,
      personId: driveVolunteers.personId,
      userId: driveVolunteers.userId,
      personFirst: businessPeople.firstName,
      personLast: businessPeople.lastName,
      personLogin: businessPeople.userId,
      businessName: contacts.businessName,
      userFirst: users.firstName,
      userLast: users.lastName,
      userEmail: users.email,
    })
    .from(driveVolunteers)
    .leftJoin(businessPeople, eq(businessPeople.id, driveVolunteers.personId))
    .leftJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .leftJoin(users, eq(users.id, driveVolunteers.userId))
    .where(inArray(driveVolunteers.driveId, driveIds))
    .orderBy(asc(driveVolunteers.createdAt));
}
export type VolunteerView = Awaited<ReturnType<typeof volunteers>>[number];

/** The volunteer rows a login is: as a staff login, or as a person of a business. */
export async function volunteersOfLogin(db: Executor, userId: string) {
  return db
    .select({ id: driveVolunteers.id, driveId: driveVolunteers.driveId })
    .from(driveVolunteers)
    .leftJoin(businessPeople, eq(businessPeople.id, driveVolunteers.personId))
    .where(or(eq(driveVolunteers.userId, userId), eq(businessPeople.userId, userId)));
}

export async function insertVolunteer(db: Executor, values: typeof driveVolunteers.$inferInsert) {
  const [row] = await db.insert(driveVolunteers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function volunteer(db: Executor, id: string) {
  const [row] = await db.select().from(driveVolunteers).where(eq(driveVolunteers.id, id));
  return row;
}

/** A person of a member business, or undefined. */
export async function memberPerson(db: Executor, personId: string) {
  const [row] = await db
    .select({ id: businessPeople.id })
    .from(businessPeople)
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .where(and(eq(businessPeople.id, personId), isNotNull(contacts.memberSince)));
  return row;
}

export async function staffLogin(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        inArray(users.role, ['admin', 'moderator']),
        eq(users.status, 'active'),
      ),
    );
  return row;
}

/** Members' people and staff logins, for staff to pick volunteers from. */
export async function candidates(db: Executor) {
  const people = await db
    .select({
      personId: businessPeople.id,
      firstName: businessPeople.firstName,
      lastName: businessPeople.lastName,
      businessName: contacts.businessName,
    })
    .from(businessPeople)
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .where(isNotNull(contacts.memberSince))
    .orderBy(asc(contacts.businessName), asc(businessPeople.lastName))
    .limit(1000);
  const staff = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'moderator']), eq(users.status, 'active')))
    .orderBy(asc(users.lastName));
  const businesses = await db
    .select({ contactId: contacts.id, name: contacts.businessName })
    .from(contacts)
    .where(and(isNotNull(contacts.memberSince), isNotNull(contacts.businessName)))
    .orderBy(asc(contacts.businessName))
    .limit(1000);
  return { people, staff, businesses };
}

export async function contact(db: Executor, id: string) {
  const [row] = await db
    .select({ id: contacts.id, memberSince: contacts.memberSince })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}

export async function contactByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: contacts.id, memberSince: contacts.memberSince })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * A new business as a contact without membership (a prospect): not listed in the directory
 * until it joins. The database's triggers give it its primary person.
 */
export async function insertProspectContact(
  db: Executor,
  business: { name: string; contactName: string; email: string; phone: string | null },
) {
  const [first, ...rest] = business.contactName.split(/\s+/);
  const [row] = await db
    .insert(contacts)
    .values({
      businessName: business.name,
      firstName: first ?? '',
      lastName: rest.join(' '),
      email: business.email.toLowerCase(),
      phone: business.phone,
      listed: false,
    })
    .returning({ id: contacts.id });
  return row!;
}

export async function insertProspect(db: Executor, values: typeof driveProspects.$inferInsert) {
  const [row] = await db.insert(driveProspects).values(values).returning();
  return row!;
}

export async function lockProspect(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(driveProspects)
    .where(eq(driveProspects.id, id))
    .for('update');
  return row;
}

export async function updateProspect(
  db: Executor,
  id: string,
  values: Partial<typeof driveProspects.$inferInsert>,
) {
  await db.update(driveProspects).set(values).where(eq(driveProspects.id, id));
}

export async function prospectOfInvoice(db: Executor, invoiceId: string) {
  const [row] = await db
    .select()
    .from(driveProspects)
    .where(eq(driveProspects.invoiceId, invoiceId))
    .for('update');
  return row;
}

/** Prospects with their business and invoice, by drive or by id. */
export async function prospects(
  db: Executor,
  where: { driveIds?: string[]; ids?: string[]; volunteerIds?: string[] },
) {
  const conditions = [
    where.driveIds ? inArray(driveProspects.driveId, where.driveIds) : undefined,
    where.ids ? inArray(driveProspects.id, where.ids) : undefined,
    where.volunteerIds ? inArray(driveProspects.volunteerId, where.volunteerIds) : undefined,
  ];
  if (Object.values(where).some((list) => list.length === 0)) return [];
  return db
    .select({
      prospect: driveProspects,
      businessName: contacts.businessName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      phone: contacts.phone,
      memberSince: contacts.memberSince,
      invoiceNumber: invoices.number,
      invoiceStatus: invoices.status,
      invoiceTotal: invoices.totalCents,
    })
    .from(driveProspects)
    .innerJoin(contacts, eq(contacts.id, driveProspects.contactId))
    .leftJoin(invoices, eq(invoices.id, driveProspects.invoiceId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(coalesce(${contacts.businessName}, ''))`), asc(driveProspects.id));
}
export type ProspectView = Awaited<ReturnType<typeof prospects>>[number];
