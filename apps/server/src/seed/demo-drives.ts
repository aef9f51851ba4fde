import { addDays, dateKeyIn } from '@chamber/contract';
import {
  businessPeople,
  contacts,
  type Database,
  driveVolunteers,
  sponsorshipDrives,
  users,
} from '@chamber/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { manualClock } from '../lib/clock.js';
import type { Session } from '../plugins/auth.js';
import { BillingService } from '../modules/billing/index.js';
import { DrivesService } from '../modules/drives/index.js';
import { TIMEZONE } from './demo-data.js';

const DRIVE_NAME = 'Total Resource Campaign';

/** Members' people who volunteer in the demo drive, each with their prospects. */
const demoVolunteers = ['maria@sweetwaterbakery.example', 'priya@jordanrivercpa.example'];

interface DemoProspect {
  volunteer: 0 | 1;
  /** A member business by its email, or a new business. */
  member?: string;
  business?: { name: string; contactName: string; email: string; phone: string };
  stage: 'contacted' | 'pledged' | 'invoiced' | 'paid';
  pledge?: [number, string];
  note: string;
  nextStepInDays?: number;
}

const demoProspects: DemoProspect[] = [
  {
    volunteer: 0,
    member: 'luis@herreralandscaping.example',
    stage: 'paid',
    pledge: [250_000, 'Gold sponsor of the Business Expo'],
    note: 'Signed at the mixer; paid by check.',
  },
  {
    volunteer: 0,
    member: 'hannah@copperleafcoffee.example',
    stage: 'invoiced',
    pledge: [120_000, 'Home page sponsor strip, spring'],
    note: 'Wants the invoice to the office manager.',
    nextStepInDays: 10,
  },
  {
    volunteer: 0,
    business: {
      name: 'Canyon Outfitters',
      contactName: 'Dana Reyes',
      email: 'dana@canyonoutfitters.example',
      phone: '307-555-0141',
    },
    stage: 'pledged',
    pledge: [75_000, 'Silver sponsor of the Golf Classic'],
    note: 'New in town; pledged at the first meeting.',
    nextStepInDays: 3,
  },
  {
    volunteer: 0,
    business: {
      name: 'Wind River Brewing',
      contactName: 'Chris Olsen',
      email: 'chris@windriverbrewing.example',
      phone: '307-555-0177',
    },
    stage: 'contacted',
    note: 'Left a message; call back after the weekend.',
    nextStepInDays: 4,
  },
  {
    volunteer: 1,
    member: 'grace@mountainviewdental.example',
    stage: 'paid',
    pledge: [500_000, 'Presenting sponsor of the Annual Dinner'],
    note: 'Renewed last year’s presenting sponsorship.',
  },
  {
    volunteer: 1,
    member: 'ken@southvalleyinsurance.example',
    stage: 'pledged',
    pledge: [60_000, 'Newsletter sponsor, two issues'],
    note: 'Pledged by email.',
    nextStepInDays: 2,
  },
  {
    volunteer: 1,
    business: {
      name: 'Sagebrush Realty',
      contactName: 'Morgan Price',
      email: 'morgan@sagebrushrealty.example',
      phone: '307-555-0190',
    },
    stage: 'contacted',
    note: 'Interested in the directory’s featured listing.',
    nextStepInDays: 7,
  },
];

/**
 * A sponsorship drive running now, its goal $25,000, with two volunteers (members' people)
 * and prospects at each stage; the invoiced and paid ones are real invoices (and payments)
 * of billing, made as staff would.
 */
export async function seedDemoDrives(db: Database, now: Date): Promise<string[]> {
  const [existing] = await db
    .select({ id: sponsorshipDrives.id })
    .from(sponsorshipDrives)
    .where(eq(sponsorshipDrives.name, DRIVE_NAME));
  if (existing) return [];
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) return [];
  const session: Session = { tokenId: 'seed', expiresAt: now, user: admin, contact: null };
  const billing = new BillingService(db, manualClock(now));
  const drives = new DrivesService(db, manualClock(now), billing);
  drives.register();
  const today = dateKeyIn(now, TIMEZONE);
  const drive = await drives.create(session, {
    name: DRIVE_NAME,
    goalCents: 2_500_000,
    startsOn: addDays(today, -14),
    endsOn: addDays(today, 30),
  });
  const volunteerIds: string[] = [];
  for (const email of demoVolunteers) {
    const [person] = await db
      .select({ id: businessPeople.id })
      .from(businessPeople)
      .innerJoin(users, eq(users.id, businessPeople.userId))
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!person) return [];
    const [row] = await db
      .insert(driveVolunteers)
      .values({ driveId: drive.id, personId: person.id })
      .returning();
    volunteerIds.push(row!.id);
  }
  for (const p of demoProspects) {
    let contactId: string | undefined;
    if (p.member) {
      const [found] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(sql`lower(${contacts.email}) = ${p.member}`, isNotNull(contacts.memberSince)))
        .limit(1);
      if (!found) continue;
      contactId = found.id;
    }
    const prospect = await drives.addProspect(session, drive.id, {
      volunteerId: volunteerIds[p.volunteer]!,
      ...(contactId ? { contactId } : { business: p.business! }),
      note: p.note,
      nextStepOn: p.nextStepInDays ? addDays(today, p.nextStepInDays) : null,
    });
    if (p.stage === 'contacted' || !p.pledge) continue;
    await drives.updateProspect(
      session,
      prospect.id,
      { status: 'pledged', pledgeCents: p.pledge[0], pledgeDescription: p.pledge[1] },
      { driveId: drive.id },
    );
    if (p.stage === 'pledged') continue;
    const invoiced = await drives.sendInvoice(session, drive.id, prospect.id);
    if (p.stage === 'paid' && invoiced.invoice) {
      await db.transaction((tx) =>
        billing.recordPayment(tx, {
          invoiceId: invoiced.invoice!.id,
          amountCents: p.pledge![0],
          method: 'check',
          reference: `DRIVE-${invoiced.invoice!.number}`,
          recordedByUserId: admin.id,
        }),
      );
    }
  }
  return [`created the sponsorship drive '${DRIVE_NAME}' with ${demoProspects.length} prospects`];
}
