// Owner: modules/drives. The sponsorship drive (a 'Total Resource Campaign'): volunteers
// selling the year's sponsorships to prospects, each prospect's pledge turned into an invoice.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { invoices } from './billing.js';
import { timestamps } from './columns.js';
import { businessPeople, contacts } from './members.js';

/** A drive: its name, its goal in cents, and its first and last days (the chamber's zone). */
export const sponsorshipDrives = pgTable(
  'sponsorship_drives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    goalCents: integer('goal_cents').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    ...timestamps,
  },
  (t) => [
    check('sponsorship_drives_goal_check', sql`${t.goalCents} > 0`),
    check('sponsorship_drives_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A volunteer of a drive: a person of a member business, or a staff login; exactly one of
 * the two.
 */
export const driveVolunteers = pgTable(
  'drive_volunteers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveId: uuid('drive_id')
      .notNull()
      .references(() => sponsorshipDrives.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => businessPeople.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('drive_volunteers_one_check', sql`num_nonnulls(${t.personId}, ${t.userId}) = 1`),
    uniqueIndex('drive_volunteers_person_key').on(t.driveId, t.personId),
    uniqueIndex('drive_volunteers_user_key').on(t.driveId, t.userId),
  ],
);

/**
 * A business a volunteer asks for a sponsorship: contacted → pledged → invoiced → paid. The
 * pledge (cents and what for) is set once pledged; the invoice once staff send it, and the
 * prospect is paid when billing records that invoice paid.
 */
export const driveProspects = pgTable(
  'drive_prospects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveId: uuid('drive_id')
      .notNull()
      .references(() => sponsorshipDrives.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => driveVolunteers.id, { onDelete: 'restrict' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('contacted'),
    /** Dated notes, oldest first: `{ on, text, by }`. */
    notes: jsonb('notes').$type<{ at: string; text: string; by: string }[]>().notNull().default([]),
    nextStepOn: date('next_step_on'),
    pledgeCents: integer('pledge_cents'),
    pledgeDescription: text('pledge_description'),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    ...timestamps,
  },
  (t) => [
    index('drive_prospects_drive_idx').on(t.driveId, t.status),
    index('drive_prospects_volunteer_idx').on(t.volunteerId),
    uniqueIndex('drive_prospects_invoice_key').on(t.invoiceId),
    check(
      'drive_prospects_status_check',
      sql`${t.status} in ('contacted', 'pledged', 'invoiced', 'paid')`,
    ),
    check(
      'drive_prospects_pledge_check',
      sql`${t.status} = 'contacted' or (${t.pledgeCents} > 0 and ${t.pledgeDescription} is not null)`,
    ),
    check(
      'drive_prospects_invoice_check',
      sql`${t.status} not in ('invoiced', 'paid') or ${t.invoiceId} is not null`,
    ),
  ],
);
