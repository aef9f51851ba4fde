import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';
import { businessRoles } from './vocabulary.js';

/**
 * A member business and its people (docs/decisions/0123-businesses-and-their-people.md): the
 * listing is the business; people belong to it with a role, may have a sign-in, may be shown on
 * the listing, and may belong to several businesses (the account menu picks the one a sign-in
 * acts for).
 */

/** How long an invitation's link works (once). */
export const INVITATION_TTL_DAYS = 7;
/** The most invitations a business may send in a day unless staff set another number. */
export const DEFAULT_INVITATIONS_PER_DAY = 20;
/** The most people of one business (a roster's typo cannot make a business of thousands). */
export const MAX_PEOPLE_PER_BUSINESS = 200;

export const businessRoleSchema = z.enum(businessRoles);
/** The roles an invitation may offer: the primary role is handed over, never sent by mail. */
export const invitableRoles = ['billing', 'editor', 'employee'] as const;
export const invitableRoleSchema = z.enum(invitableRoles);

/** What each role is, in the words the people panel and the mails use. */
export const businessRoleLabels: Record<(typeof businessRoles)[number], string> = {
  primary: 'Primary contact',
  billing: 'Billing',
  editor: 'Listing editor',
  employee: 'Employee',
};

/** The messages the rules answer with (each says what to do). */
export const peopleMessages = {
  alreadyInBusiness: 'This person is already part of the business.',
  alreadyInvited:
    'An invitation to this address is still open. Withdraw it first to send a new one.',
  lastPrimary:
    'A business needs a primary contact. Make someone else the primary contact first, then change or remove this person.',
  invitationLimit:
    'This business has sent as many invitations as it may today. Please try again tomorrow, or ask the chamber to add the person.',
  invitationGone:
    'This invitation is no longer valid: it was used, withdrawn or has expired. Ask the business to send a new one.',
  wrongAddress:
    'This invitation was sent to another address. Sign in with the address it was sent to.',
  tooManyPeople: `A business may have at most ${MAX_PEOPLE_PER_BUSINESS} people.`,
  notAPerson: 'You are not one of the people of this business.',
  alreadyAdded:
    'This person is already part of the business. Change their role on its people page instead.',
  alreadyInTarget:
    'This person is already part of that business. Remove them from this one instead, or change their role there.',
  primaryMove:
    'A business needs a primary contact. Make someone else the primary contact first, then move this person.',
  sameBusiness: 'Choose another business to move this person to.',
  nameForNewPerson:
    'No sign-in has this address. Enter the person’s first and last name to add them without one.',
} as const;

/**
 * One person of a business, as the people panel shows it to the business's people and staff.
 * `email` and `phone` are the person's own (the primary person's are the listing's).
 */
export const businessPersonSchema = z.object({
  id: z.string(),
  role: businessRoleSchema,
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  shownOnListing: z.boolean(),
  hasSignIn: z.boolean().describe('Whether the person signs in to the portal'),
  isYou: z.boolean().describe('Whether this is the signed-in viewer'),
});
export type BusinessPerson = z.infer<typeof businessPersonSchema>;

/** An invitation not yet accepted, withdrawn or expired. */
export const businessInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  invitedBy: z.string().nullable().describe('The name of whoever sent it'),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type BusinessInvitation = z.infer<typeof businessInvitationSchema>;

/** GET /members/{id}/people */
export const businessPeopleSchema = z.object({
  people: z.array(businessPersonSchema),
  invitations: z.array(businessInvitationSchema),
  canManage: z
    .boolean()
    .describe(
      'Whether the viewer may invite, change and remove people: the primary person, editors and staff',
    ),
});
export type BusinessPeople = z.infer<typeof businessPeopleSchema>;

/** A person as the listing shows them to everyone: those who chose to be shown. */
export const listingPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string().nullable().describe("Only where the viewer may see members' emails"),
});
export type ListingPerson = z.infer<typeof listingPersonSchema>;

/** POST /members/{id}/invitations */
export const inviteRequestSchema = z.object({ email: emailSchema, role: invitableRoleSchema });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** PATCH /members/{id}/people/{personId}: at least one field. */
export const updatePersonSchema = z
  .object({
    role: businessRoleSchema.optional(),
    shownOnListing: z.boolean().optional(),
    title: z.string().trim().max(100).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: send role, shownOnListing or title.',
  });
export type UpdatePersonRequest = z.input<typeof updatePersonSchema>;

/**
 * POST /admin/members/{id}/people: staff add a person without an invitation. An `email` that
 * has a sign-in adds that sign-in; otherwise a person without a sign-in, named by
 * `firstName` and `lastName`.
 */
export const staffAddPersonSchema = z
  .object({
    role: invitableRoleSchema,
    email: emailSchema.optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    title: z.string().trim().max(100).optional(),
    phone: z.string().trim().max(40).optional(),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.firstName && v.lastName), {
    message: 'Enter the person’s email address, or their first and last name.',
    path: ['email'],
  });
export type StaffAddPersonRequest = z.input<typeof staffAddPersonSchema>;

/** POST /admin/members/{id}/people/{personId}/move: the person joins `toId` with `role`. */
export const movePersonSchema = z.object({
  toId: z.string().min(1).max(64),
  role: invitableRoleSchema,
});
export type MovePersonRequest = z.input<typeof movePersonSchema>;

export const personParams = z.object({
  id: z.string().min(1).max(64),
  personId: z.string().min(1).max(64),
});
export const invitationParams = z.object({
  id: z.string().min(1).max(64),
  invitationId: z.string().min(1).max(64),
});
export const invitationTokenParams = z.object({ token: z.string().trim().min(1).max(512) });

/** GET /invitations/{token}: what the accept page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  businessName: z.string(),
  role: invitableRoleSchema,
  email: z.string().describe('The address the invitation is bound to'),
  hasAccount: z.boolean().describe('Whether that address already has a sign-in'),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /invitations/{token}/accept: signed in with the invited address, an empty body; else the
 * new sign-in's name and password (the address is the invitation's).
 */
export const acceptInvitationSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Please enter your first name.').max(100).optional(),
    lastName: z.string().trim().min(1, 'Please enter your last name.').max(100).optional(),
    password: passwordSchema.optional(),
    confirmPassword: z.string().max(1024).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== undefined && value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'Passwords do not match',
      });
    }
  });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationSchema>;
export const acceptInvitationResponseSchema = z.object({
  contactId: z.string(),
  businessName: z.string(),
  role: businessRoleSchema,
  /** The sign-in's address: a new sign-in signs in with it next. */
  email: z.string(),
  createdSignIn: z.boolean().describe('Whether a new sign-in was made for the address'),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/** A business a sign-in belongs to, for the account menu. */
export const accountBusinessSchema = z.object({
  contactId: z.string(),
  businessName: z.string(),
  role: businessRoleSchema,
  acting: z.boolean().describe('Whether the sign-in acts for this business now'),
});
export type AccountBusiness = z.infer<typeof accountBusinessSchema>;

/** GET /account/businesses */
export const accountBusinessesSchema = z.object({ businesses: z.array(accountBusinessSchema) });
/** PUT /account/business: act for another of one's businesses. */
export const actForBusinessSchema = z.object({ contactId: z.string().min(1).max(64) });

/** POST /admin/members/{id}/merge: this business moves into `intoId` and is removed. */
export const mergeBusinessSchema = z.object({ intoId: z.string().min(1).max(64) });
