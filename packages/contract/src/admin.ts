import { z } from 'zod';
import { emailSchema } from './auth.js';
import {
  calendarDateSchema,
  membershipTierSchema,
  paymentStatusSchema,
  roleSchema,
  userStatusSchema,
} from './common.js';
import { businessRoles, membershipTiers } from './vocabulary.js';

export const ADMIN_USERS_PAGE_SIZE = 25;

/**
 * A login as staff see it (docs/product.md#entities User, admin view). Tier and payment status are read from
 * its membership (the plan's level and its standing), never set here: the membership's id
 * leads to it (Admin → Memberships).
 */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  membershipTier: z.enum(membershipTiers).describe('standard when the login has no contact'),
  paymentStatus: paymentStatusSchema.describe('pending when the login has no contact'),
  contactId: z.string().nullable(),
  membershipId: z.string().nullable().describe('The membership tier and payment status come from'),
  createdAt: z.string(),
  businesses: z
    .array(
      z.object({
        contactId: z.string(),
        businessName: z.string().nullable(),
        role: z.enum(businessRoles),
      }),
    )
    .optional()
    .describe(
      'In the users list: the businesses the sign-in is a person of, with its role in each',
    ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const paginationSchema = z.object({ total: z.number().int(), hasMore: z.boolean() });

export const listUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(100).optional().describe('Name, email or business name'),
  role: z.union([roleSchema, z.literal('all')]).optional(),
  status: z.union([userStatusSchema, z.literal('all')]).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

/** The user list's filters without paging: the CSV export sends every account they match. */
export const exportUsersQuerySchema = listUsersQuerySchema.omit({ limit: true, offset: true });
export type ExportUsersQuery = z.input<typeof exportUsersQuerySchema>;

export const userListSchema = z.object({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
});
export type UserList = z.infer<typeof userListSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The admin edit dialog (docs/product.md#screens, docs/product.md#validation): first name, last name and email are required. */
export const updateUserSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: emailSchema,
  businessName: optionalText(200),
  phone: optionalText(40),
  website: z
    .union([
      z.literal(''),
      z.url({ protocol: /^https?$/, message: 'Website must be a full URL (https://...)' }).max(500),
    ])
    .nullable()
    .optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  membershipTier: membershipTierSchema
    .optional()
    .describe(
      "Read-only: the membership's plan level. Sent, it must be the current value (400 otherwise); change the plan in Admin → Memberships. basic is accepted for standard",
    ),
  paymentStatus: paymentStatusSchema
    .optional()
    .describe(
      "Read-only: the membership's standing. Sent, it must be the current value (400 otherwise); payments are recorded on the membership's invoices",
    ),
});
export type UpdateUser = z.input<typeof updateUserSchema>;

export const updateUserStatusSchema = z.object({
  status: userStatusSchema,
  reason: z.string().trim().max(500).optional(),
});
export type UpdateUserStatus = z.input<typeof updateUserStatusSchema>;

export const userResponseSchema = z.object({ user: adminUserSchema });

export const deleteUserResponseSchema = z.object({ message: z.string() });

/** docs/product.md#entities Admin stats. Tiers count logins by their contact's tier (standard without one). */
export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    active: z.number().int(),
    pending: z.number().int(),
    suspended: z.number().int(),
    byRole: z.object({
      admin: z.number().int(),
      moderator: z.number().int(),
      member: z.number().int(),
    }),
    byMembershipTier: z.object({
      elite: z.number().int(),
      enhanced: z.number().int(),
      standard: z.number().int(),
    }),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The kept-answer caches of the process that answered, for sizing them by what they save. */
export const keptAnswersSchema = z.object({
  caches: z.array(
    z.object({
      name: z.string(),
      entries: z.number().int(),
      bytes: z.number().int(),
      maxEntries: z.number().int(),
      maxBytes: z.number().int().nullable(),
      hits: z.number().int(),
      misses: z.number().int(),
      evictions: z.number().int(),
    }),
  ),
});
export type KeptAnswers = z.infer<typeof keptAnswersSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: z.object({
    id: z.string().nullable(),
    email: z.string(),
    name: z
      .string()
      .describe('The actor’s name today, or the address kept when the account is gone'),
  }),
  action: z.string().describe('user.update, user.status, user.delete, ...'),
  target: z.object({
    type: z.string(),
    id: z.string(),
    label: z.string().describe('The record’s readable name at the time (its name, title or email)'),
  }),
  before: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The fields that changed, as they were (the whole record when it was removed)'),
  after: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The same fields as they became (the whole record when it was created)'),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditFilterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** The audit log's filters: who, what kind of record, which record, which action, when, and a search. */
const auditFilterShape = {
  actor: z
    .union([z.literal(''), z.uuid()])
    .optional()
    .transform((v) => v || undefined)
    .describe('The id of the account that made the change'),
  entity: auditFilterText(60).describe('The kind of record: user, job_post, invoice, ...'),
  target: auditFilterText(200).describe('The id of one record'),
  action: auditFilterText(80).describe('One action: user.update, job_post.approve, ...'),
  from: z
    .union([z.literal(''), calendarDateSchema])
    .optional()
    .transform((v) => v || undefined)
    .describe('The first day, in the chamber’s time zone'),
  to: z
    .union([z.literal(''), calendarDateSchema])
    .optional()
    .transform((v) => v || undefined)
    .describe('The last day, in the chamber’s time zone'),
  q: auditFilterText(200).describe(
    'Words in the actor’s name or email, the record’s name, the action or the reason',
  ),
};
const fromNotAfterTo = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const fromAfterTo = { message: 'The first day must not be after the last day', path: ['to'] };

export const auditFilterSchema = z.object(auditFilterShape).refine(fromNotAfterTo, fromAfterTo);
export type AuditFilter = z.input<typeof auditFilterSchema>;

export const listAuditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    format: z
      .enum(['json', 'csv'])
      .optional()
      .describe(
        '`csv`: every matching entry as CSV, as /admin/audit.csv (also for Accept: text/csv)',
      ),
    ...auditFilterShape,
  })
  .refine(fromNotAfterTo, fromAfterTo);

/** What the filters offer: everyone who made a change, and each kind of record changed. */
export const auditFacetsSchema = z.object({
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
  facets: auditFacetsSchema,
});
export type AuditList = z.infer<typeof auditListSchema>;
