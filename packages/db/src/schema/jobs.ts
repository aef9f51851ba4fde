// Owner: modules/jobs. The job board: members' job posts, moderated by staff, and its settings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  employmentTypes,
  jobPostStatuses,
  jobWorkplaces,
  payPeriods,
} from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { timestamps } from './columns.js';
import { contacts } from './members.js';

export const employmentTypeEnum = pgEnum('employment_type', employmentTypes);
export const jobWorkplaceEnum = pgEnum('job_workplace', jobWorkplaces);
export const payPeriodEnum = pgEnum('pay_period', payPeriods);
export const jobPostStatusEnum = pgEnum('job_post_status', jobPostStatuses);

/** The fields of a post a poster's change to a live post holds, as stored. */
export interface JobPostChange {
  title: string;
  description: string;
  employmentType: (typeof employmentTypes)[number];
  workplace: (typeof jobWorkplaces)[number];
  payMinCents: number | null;
  payMaxCents: number | null;
  payPeriod: (typeof payPeriods)[number] | null;
  applyUrl: string;
  closesOn: string;
}

/** A job a member business offers; public while approved and its closing date not past. */
export const jobPosts = pgTable(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The login that wrote it, mailed when staff decide. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    employmentType: employmentTypeEnum('employment_type').notNull(),
    workplace: jobWorkplaceEnum('workplace').notNull(),
    payMinCents: integer('pay_min_cents'),
    payMaxCents: integer('pay_max_cents'),
    payPeriod: payPeriodEnum('pay_period'),
    /** The 'Apply' link: mailto: or https:// only (the contract's applyHref). */
    applyUrl: text('apply_url').notNull(),
    /** The last day it is open, in the chamber's time zone. */
    closesOn: date('closes_on').notNull(),
    status: jobPostStatusEnum('status').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When it went on the board (approved, or published directly). */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /**
     * The poster's edit of a live post, waiting for staff: every field of the edit, as the
     * columns above store them (docs/decisions/0129-a-live-job-posts-edit-waits-beside-it.md).
     * The live text stays on the board until staff approve it; null when none waits.
     */
    pendingChange: jsonb('pending_change').$type<JobPostChange>(),
    /** When the waiting change was made (its latest edit). */
    changeSubmittedAt: timestamp('change_submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The board: open posts, newest first.
    index('job_posts_status_posted_idx').on(t.status, t.postedAt.desc(), t.id),
    index('job_posts_contact_idx').on(t.contactId),
    check(
      'job_posts_pay_range',
      sql`${t.payMinCents} is null or ${t.payMaxCents} is null or ${t.payMinCents} <= ${t.payMaxCents}`,
    ),
  ],
);

/** The job board's one settings row. */
export const jobBoardSettings = pgTable(
  'job_board_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Enhanced and elite members' submitted posts go on the board without staff's approval. */
    membersPublishDirectly: boolean('members_publish_directly').notNull().default(false),
    /**
     * A poster's change to a live post that touches only its closing date or pay goes live at
     * once; other changes wait for staff beside the live text.
     */
    dateAndPayChangesGoLive: boolean('date_and_pay_changes_go_live').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('job_board_settings_single_row', sql`${t.id} = 1`)],
);
