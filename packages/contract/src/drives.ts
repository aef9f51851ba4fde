import { z } from 'zod';
import { calendarDateSchema } from './common.js';

/**
 * The sponsorship drive (/admin/campaigns/sponsorship*, /sponsorship-drives/mine): a
 * 'Total Resource Campaign' in which volunteers ask prospects for sponsorships. Each prospect
 * moves contacted → pledged → invoiced → paid; staff turn a pledge into an invoice, and
 * billing marks it paid.
 */

export const prospectStatuses = ['contacted', 'pledged', 'invoiced', 'paid'] as const;
export type ProspectStatus = (typeof prospectStatuses)[number];
export const prospectStatusLabels: Record<ProspectStatus, string> = {
  contacted: 'Contacted',
  pledged: 'Pledged',
  invoiced: 'Invoiced',
  paid: 'Paid',
};

/** At most a billion cents (ten million in the currency): a pledge or a goal. */
const centsSchema = z.number().int().positive().max(1_000_000_000);
const idSchema = z.string().uuid();

export const driveInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    goalCents: centsSchema,
    startsOn: calendarDateSchema,
    endsOn: calendarDateSchema,
  })
  .refine((d) => d.endsOn >= d.startsOn, {
    message: 'The drive cannot end before it starts.',
    path: ['endsOn'],
  });
export type DriveInput = z.infer<typeof driveInputSchema>;

/** Pledged, invoiced and paid cents: what is pledged counts each pledge once, whatever its stage. */
export const driveTotalsSchema = z.object({
  pledgedCents: z.number().int(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
});
export type DriveTotals = z.infer<typeof driveTotalsSchema>;

export const driveSummarySchema = driveTotalsSchema.extend({
  id: z.string(),
  name: z.string(),
  goalCents: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
});
export type DriveSummary = z.infer<typeof driveSummarySchema>;
export const driveListSchema = z.object({ drives: z.array(driveSummarySchema) });
export type DriveList = z.infer<typeof driveListSchema>;

export const driveVolunteerSchema = driveTotalsSchema.extend({
  id: z.string(),
  name: z.string(),
  /** The business the person belongs to; null for a staff login. */
  businessName: z.string().nullable(),
  kind: z.enum(['person', 'staff']),
  prospects: z.number().int(),
});
export type DriveVolunteer = z.infer<typeof driveVolunteerSchema>;

export const prospectNoteSchema = z.object({ at: z.string(), text: z.string(), by: z.string() });

export const prospectSchema = z.object({
  id: z.string(),
  driveId: z.string(),
  volunteerId: z.string(),
  volunteerName: z.string(),
  contactId: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether the business is a member; a prospect that is not is a new business. */
  member: z.boolean(),
  status: z.enum(prospectStatuses),
  notes: z.array(prospectNoteSchema),
  nextStepOn: z.string().nullable(),
  pledgeCents: z.number().int().nullable(),
  pledgeDescription: z.string().nullable(),
  invoice: z
    .object({ id: z.string(), number: z.string(), status: z.string(), totalCents: z.number() })
    .nullable(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const driveDetailSchema = driveSummarySchema.extend({
  currency: z.string(),
  volunteers: z.array(driveVolunteerSchema),
  prospects: z.array(prospectSchema),
});
export type DriveDetail = z.infer<typeof driveDetailSchema>;

/** A person of a member business (`personId`) or a staff login (`userId`). */
export const addVolunteerSchema = z
  .object({ personId: idSchema.optional(), userId: idSchema.optional() })
  .refine((v) => (v.personId ? 1 : 0) + (v.userId ? 1 : 0) === 1, {
    message: 'Name a person of a member business or a staff login, not both.',
  });

/**
 * Who may be made a volunteer (members' people and staff logins), and the member businesses
 * a prospect may be.
 */
export const volunteerCandidatesSchema = z.object({
  businesses: z.array(z.object({ contactId: z.string(), name: z.string() })),
  people: z.array(z.object({ personId: z.string(), name: z.string(), businessName: z.string() })),
  staff: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type VolunteerCandidates = z.infer<typeof volunteerCandidatesSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

export const newBusinessSchema = z.object({
  name: z.string().trim().min(1).max(200),
  contactName: z.string().trim().min(1).max(200),
  email: z.string().trim().email().max(320),
  phone: optionalText(50),
});

/** A member business (`contactId`), or a new business that becomes a contact without membership. */
export const createProspectSchema = z
  .object({
    volunteerId: idSchema,
    contactId: idSchema.optional(),
    business: newBusinessSchema.optional(),
    note: z.string().trim().min(1).max(2000).optional(),
    nextStepOn: calendarDateSchema.nullable().optional(),
  })
  .refine((v) => (v.contactId ? 1 : 0) + (v.business ? 1 : 0) === 1, {
    message: 'Name a member business or a new business, not both.',
  });
export type CreateProspect = z.infer<typeof createProspectSchema>;

/**
 * A change of a prospect: its stage (contacted or pledged; invoiced and paid come from the
 * invoice and its payment), a note to add, the next step's day, the pledge.
 */
export const updateProspectSchema = z.object({
  status: z.enum(prospectStatuses).optional(),
  note: z.string().trim().min(1).max(2000).optional(),
  nextStepOn: calendarDateSchema.nullable().optional(),
  pledgeCents: centsSchema.optional(),
  pledgeDescription: z.string().trim().min(1).max(500).optional(),
  /** Staff only: hand the prospect to another volunteer of the drive. */
  volunteerId: idSchema.optional(),
});
export type UpdateProspect = z.infer<typeof updateProspectSchema>;

export const myDrivesSchema = z.object({
  drives: z.array(
    driveSummarySchema.extend({
      currency: z.string(),
      volunteerId: z.string(),
      prospects: z.array(prospectSchema),
    }),
  ),
});
export type MyDrives = z.infer<typeof myDrivesSchema>;
