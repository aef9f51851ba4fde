import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryTree } from '@chamber/contract';
import { defaultCelebrationSettings } from '@chamber/contract';
import {
  businessInvitations,
  businessPeople,
  campaigns,
  celebrations,
  deals,
  driveProspects,
  driveVolunteers,
  eventRegistrations,
  eventAttendees,
  eventTicketTypes,
  jobPosts,
  mailSuppressions,
  membershipPlans,
  newsletterSubscribers,
  promoCodes,
  sponsorshipPackages,
  sponsorships,
  sponsorshipDrives,
  users,
} from '@chamber/db';
import { createContact, createEvent } from '@chamber/db/factories';
import {
  createTestApp,
  createTestUser,
  PASSWORD,
  pkcePair,
  signIn,
  type TestContext,
} from './test/app.js';
import { sha256Hex } from './lib/crypto.js';
import { BillingService } from './modules/billing/index.js';
import { bearer, dataUrl, makeImage } from './test/members.js';

/**
 * One table for the whole API: every route under /api, called by each kind of visitor, with
 * the status each must get. A route added without an entry here fails the first test, so no
 * route ships without someone deciding who may call it.
 */

// `pending`: a self-registered account that staff have not confirmed, with its own contact.
// `lapsed`: an active login whose business's membership lapsed (a member no longer); the
// others with a contact are current members.
const personas = [
  'anonymous',
  'suspended',
  'pending',
  'lapsed',
  'other',
  'member',
  'moderator',
  'admin',
] as const;
type Persona = (typeof personas)[number];
type Expected = Record<Persona, number>;

interface World {
  ctx: TestContext;
  tokens: Record<Exclude<Persona, 'anonymous'>, string>;
  emails: Record<Exclude<Persona, 'anonymous'>, string>;
  /** The member's directory contact: the resource "member" owns and "other" does not. */
  memberContactId: string;
  mediaUrl: string;
  pngDataUrl: string;
}

interface Call {
  url: string;
  payload?: object;
  /** Overrides the persona's token (e.g. a fresh one that logout may revoke). */
  token?: string | null;
  /** The client address, for routes throttled per address. */
  remoteAddress?: string;
  /** Headers besides the session's. */
  headers?: Record<string, string>;
}
type Build = (world: World, as: Persona) => Call | Promise<Call>;

const all = (status: number): Expected => ({
  anonymous: status,
  suspended: status,
  pending: status,
  lapsed: status,
  other: status,
  member: status,
  moderator: status,
  admin: status,
});
/** Any live session; a suspended user's token is dead, so they are anonymous. */
const signedIn = (status: number): Expected => ({
  ...all(status),
  anonymous: 401,
  suspended: 401,
});
/** Another member's resource: pending and lapsed accounts are as much strangers to it as "other". */
const ownerOrStaff = (status: number): Expected => ({
  ...signedIn(status),
  pending: 403,
  lapsed: 403,
  other: 403,
});
/**
 * What the public sees (events and the files for them): current members and staff, not an
 * account the chamber has not confirmed nor a member whose membership lapsed.
 */
const confirmed = (status: number): Expected => ({
  ...signedIn(status),
  pending: 403,
  lapsed: 403,
});
const adminOnly = (status: number): Expected => ({
  ...signedIn(403),
  admin: status,
});

async function throwawayUser(world: World) {
  return createTestUser(world.ctx.db);
}

/**
 * A registration of its own for each call, with the token of its manage link (what the mail
 * carries): the link is the key, whoever holds it, signed in or not.
 */
async function managedRegistration(
  world: World,
  as: Persona,
  values: Partial<typeof eventRegistrations.$inferInsert> = {},
) {
  const token = randomBytes(32).toString('base64url');
  await world.ctx.db.insert(eventRegistrations).values({
    eventId: await membersEvent(world),
    name: 'Pat Visitor',
    email: `${as}-${token.slice(0, 8)}@example.org`,
    manageTokenHash: sha256Hex(token),
    ...values,
  });
  return { 'x-registration-token': token };
}

/** A registration for a fresh event of "member", for the door. */
async function doorParty(world: World) {
  const eventId = await membersEvent(world);
  const [row] = await world.ctx.db
    .insert(eventRegistrations)
    .values({ eventId, name: 'Pat Visitor', email: `door-${randomUUID()}@example.org` })
    .returning();
  return { eventId, registrationId: row!.id };
}

/** A party of "member"'s paid event with its ticket unpaid, for the door's payment. */
async function unpaidTicket(world: World) {
  const { eventId, registrationId } = await doorParty(world);
  const { invoice } = await new BillingService(world.ctx.db, world.ctx.clock).issueInvoice(
    world.ctx.db,
    {
      contactId: null,
      purpose: 'event_ticket',
      billTo: { name: 'Pat Visitor', email: 'pat@example.org' },
      lines: [{ description: 'Ticket', unitCents: 2500 }],
    },
  );
  await world.ctx.db
    .update(eventRegistrations)
    .set({ invoiceId: invoice.id })
    .where(eq(eventRegistrations.id, registrationId));
  return { eventId, registrationId };
}

/**
 * A fresh job post of "member"'s business in `status` (approved: on the board); `withChange`:
 * with its poster's change waiting for staff.
 */
async function membersJobPost(
  world: World,
  status: 'draft' | 'pending' | 'approved' | 'closed',
  withChange = false,
) {
  const [row] = await world.ctx.db
    .insert(jobPosts)
    .values({
      contactId: world.memberContactId,
      title: 'Baker',
      description: 'Bake bread.',
      employmentType: 'full_time',
      workplace: 'on_site',
      applyUrl: 'mailto:jobs@example.org',
      closesOn: '2026-04-01',
      status,
      postedAt: status === 'approved' ? new Date('2026-03-01T12:00:00Z') : null,
      pendingChange: withChange
        ? {
            title: 'Head baker',
            description: 'Bake bread.',
            employmentType: 'full_time',
            workplace: 'on_site',
            payMinCents: null,
            payMaxCents: null,
            payPeriod: null,
            applyUrl: 'mailto:jobs@example.org',
            closesOn: '2026-04-01',
          }
        : null,
    })
    .returning();
  return row!.id;
}

let celebrationHour = 0;
/**
 * A celebration booking of its own for each call (its slot an hour after the last one's):
 * the member's, or with `elsewhere` a business none of the personas belongs to.
 */
async function aCelebration(
  world: World,
  status: 'pending' | 'proposed',
  elsewhere = false,
): Promise<string> {
  celebrationHour += 1;
  const start = new Date(Date.UTC(2026, 6, 1, celebrationHour));
  const contactId = elsewhere ? (await createContact(world.ctx.db)).id : world.memberContactId;
  const [row] = await world.ctx.db
    .insert(celebrations)
    .values({
      contactId,
      kind: 'grand_opening',
      status,
      slotStart: start,
      slotEnd: new Date(start.getTime() + 3_600_000),
      address: '1 Main St',
      description: 'Ten years on Main Street.',
    })
    .returning();
  return row!.id;
}

/** A confirmed celebration of another business that took place, with its event. */
async function aPastCelebration(world: World): Promise<string> {
  celebrationHour += 1;
  const start = new Date(Date.UTC(2025, 6, 1, celebrationHour));
  const contactId = (await createContact(world.ctx.db)).id;
  const event = await createEvent(world.ctx.db, {
    calendarId: 'racc-events',
    contactId,
    startTime: start,
  });
  const [row] = await world.ctx.db
    .insert(celebrations)
    .values({
      contactId,
      kind: 'grand_opening',
      status: 'confirmed',
      slotStart: start,
      slotEnd: new Date(start.getTime() + 3_600_000),
      address: '1 Main St',
      description: 'Ten years on Main Street.',
      eventId: event.id,
    })
    .returning();
  return row!.id;
}

/** Noon in Denver (19:00 UTC in winter) on allowed January and February 2027 weekdays. */
const celebrationSlot: Record<Persona, string> = {
  anonymous: '2027-01-11T19:00:00Z',
  suspended: '2027-01-12T19:00:00Z',
  pending: '2027-01-13T19:00:00Z',
  lapsed: '2027-01-14T19:00:00Z',
  other: '2027-01-15T19:00:00Z',
  member: '2027-01-18T19:00:00Z',
  moderator: '2027-01-19T19:00:00Z',
  admin: '2027-01-20T19:00:00Z',
};
const proposedSlot: Record<Persona, string> = {
  ...celebrationSlot,
  moderator: '2027-02-09T19:00:00Z',
  admin: '2027-02-10T19:00:00Z',
};

const jobInput = {
  title: 'Baker',
  description: 'Bake bread.',
  employmentType: 'full_time',
  workplace: 'remote',
  applyTo: 'https://jobs.example.org/baker',
};

/** A fresh upcoming event organized by "member". */
async function membersEvent(world: World) {
  const event = await createEvent(world.ctx.db, {
    calendarId: 'racc-events',
    contactId: world.memberContactId,
    startTime: new Date('2026-04-15T18:00:00Z'),
  });
  return event.id;
}

/** A fresh event of "member"'s with one ticket type, for the staff's ticket-type calls. */
async function eventWithTicketType(world: World) {
  const eventId = await membersEvent(world);
  const [row] = await world.ctx.db
    .insert(eventTicketTypes)
    .values({ eventId, name: 'Table of 8', seatsPerTicket: 8, priceCents: 80_000 })
    .returning();
  return { eventId, typeId: row!.id };
}

/**
 * An order of a fresh ticketed event of "member"'s: a registration with a table and its first
 * attendee, reached by its manage link (for the buyer's and staff's attendee calls).
 */
async function orderWithAttendee(world: World, as: Persona) {
  const { eventId, typeId } = await eventWithTicketType(world);
  const token = randomBytes(32).toString('base64url');
  const [registration] = await world.ctx.db
    .insert(eventRegistrations)
    .values({
      eventId,
      name: 'Pat Visitor',
      email: `${as}-${token.slice(0, 8)}@example.org`,
      guests: 8,
      manageTokenHash: sha256Hex(token),
    })
    .returning();
  const [attendee] = await world.ctx.db
    .insert(eventAttendees)
    .values({ registrationId: registration!.id, typeId, position: 1, qrToken: token.slice(0, 24) })
    .returning();
  return { eventId, attendeeId: attendee!.id, headers: { 'x-registration-token': token } };
}

const ticketType = {
  name: 'Single seat',
  memberPriceCents: 7_500,
  priceCents: 10_000,
  quantity: null,
  salesOpenAt: null,
  salesCloseAt: null,
  perOrderLimit: 8,
  seatsPerTicket: 1,
  sortOrder: 0,
};

/** A promo code input with a code of its own. */
const promoCodeInput = () => ({
  code: `CODE${randomBytes(4).toString('hex')}`,
  kind: 'percent',
  percentOff: 10,
  eventId: null,
  usageLimit: null,
  validFrom: null,
  validUntil: null,
  membersOnly: false,
});

/** A fresh promo code, never used. */
async function aPromoCode(world: World) {
  const [row] = await world.ctx.db
    .insert(promoCodes)
    .values({ code: `CODE${randomBytes(4).toString('hex')}`, kind: 'amount', amountOffCents: 500 })
    .returning();
  return row!.id;
}

/** A fresh deal on "member"'s (elite) listing. */
async function membersDeal(world: World) {
  const [row] = await world.ctx.db
    .insert(deals)
    .values({ contactId: world.memberContactId, offer: '10% off' })
    .returning();
  return row!.id;
}

/** A fresh open invitation to "member"'s business, with its link's token. */
async function membersInvitation(world: World, email = `invited-${randomUUID()}@example.org`) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await world.ctx.db
    .insert(businessInvitations)
    .values({
      contactId: world.memberContactId,
      email,
      role: 'employee',
      tokenHash: sha256Hex(token),
      expiresAt: new Date(world.ctx.clock.now().getTime() + 86_400_000),
    })
    .returning();
  return { id: row!.id, token };
}

/** A fresh sponsorship package on sale, with room for every persona's purchase. */
async function aSponsorshipPackage(world: World) {
  const [row] = await world.ctx.db
    .insert(sponsorshipPackages)
    .values({
      name: 'Luncheon presenting sponsor',
      priceCents: 50_000,
      quantity: 100,
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      placements: [{ kind: 'home' }],
    })
    .returning();
  return row!.id;
}

/** A fresh confirmed sponsorship of "member"'s business, live on the home strip, with a link. */
async function aSponsorship(world: World) {
  const [pkg] = await world.ctx.db
    .insert(sponsorshipPackages)
    .values({
      name: 'Home strip',
      priceCents: 0,
      quantity: 100,
      startsOn: '2020-01-01',
      endsOn: '2099-12-31',
      placements: [{ kind: 'home' }],
    })
    .returning();
  const [row] = await world.ctx.db
    .insert(sponsorships)
    .values({
      packageId: pkg!.id,
      contactId: world.memberContactId,
      startsOn: '2020-01-01',
      endsOn: '2099-12-31',
      status: 'confirmed',
      payment: 'invoice',
      link: 'https://sponsor.example.org/',
    })
    .returning();
  return row!.id;
}

const sponsorshipPackageInput = {
  name: 'Directory featured listing',
  priceCents: 25_000,
  quantity: 3,
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  placements: [{ kind: 'directory' }],
};

/** A fresh person of "member"'s business, without a sign-in. */
async function membersPerson(world: World) {
  const [row] = await world.ctx.db
    .insert(businessPeople)
    .values({ contactId: world.memberContactId, role: 'employee', firstName: 'Sam' })
    .returning();
  return row!.id;
}

/** A sponsorship drive with a volunteer (a person of a business no persona is) and a prospect. */
async function aDrive(world: World, status: 'contacted' | 'pledged' = 'contacted') {
  const db = world.ctx.db;
  const [drive] = await db
    .insert(sponsorshipDrives)
    .values({ name: 'Drive', goalCents: 100_000, startsOn: '2026-03-01', endsOn: '2026-04-30' })
    .returning();
  const other = (await createContact(db)).id;
  const [person] = await db
    .insert(businessPeople)
    .values({ contactId: other, role: 'employee', firstName: 'Val' })
    .returning();
  const [volunteer] = await db
    .insert(driveVolunteers)
    .values({ driveId: drive!.id, personId: person!.id })
    .returning();
  const [prospect] = await db
    .insert(driveProspects)
    .values({
      driveId: drive!.id,
      volunteerId: volunteer!.id,
      contactId: other,
      status,
      ...(status === 'pledged' ? { pledgeCents: 5_000, pledgeDescription: 'Bronze' } : {}),
    })
    .returning();
  return { driveId: drive!.id, volunteerId: volunteer!.id, prospectId: prospect!.id };
}

/** A fresh campaign to the newsletter's subscribers (one confirmed), in `state`. */
async function aCampaign(world: World, state: 'draft' | 'sending' | 'paused' = 'draft') {
  await world.ctx.db
    .insert(newsletterSubscribers)
    .values({ email: 'reader@example.org', confirmedAt: world.ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await world.ctx.db
    .insert(campaigns)
    .values({
      subject: 'News',
      content: '<p>Hello</p>',
      audience: { segments: [{ kind: 'subscribers' }] },
      state,
    })
    .returning();
  return row!.id;
}

/** A fresh sent public campaign: its slug in the archive. */
async function anArchivedCampaign(world: World) {
  const slug = `news-${randomUUID()}`;
  const now = world.ctx.clock.now();
  await world.ctx.db.insert(campaigns).values({
    subject: 'Sent news',
    content: '<p>Hello</p>',
    audience: { segments: [{ kind: 'subscribers' }] },
    state: 'sent',
    public: true,
    slug,
    startedAt: now,
    finishedAt: now,
  });
  return slug;
}

/** A fresh upcoming weekly series of two dates organized by "member". */
async function membersSeries(world: World) {
  const event = await createEvent(world.ctx.db, {
    calendarId: 'racc-events',
    contactId: world.memberContactId,
    startTime: new Date('2026-04-15T18:00:00Z'),
    rrule: 'FREQ=WEEKLY;COUNT=2',
  });
  return event.id;
}

const table: Record<string, { call: Build; expect: Expected }> = {
  'GET /api/health': { call: () => ({ url: '/api/health' }), expect: all(200) },
  'GET /api/ready': { call: () => ({ url: '/api/ready' }), expect: all(200) },
  'GET /api/config': { call: () => ({ url: '/api/config' }), expect: all(200) },
  'GET /api/payments/options': { call: () => ({ url: '/api/payments/options' }), expect: all(200) },
  // Without Stripe keys (as here) the webhook is not there and card payment is refused.
  'POST /api/stripe/webhook': {
    call: () => ({ url: '/api/stripe/webhook', payload: { id: 'evt_1' } }),
    expect: all(404),
  },
  'POST /api/payments/checkout': {
    call: () => ({ url: '/api/payments/checkout', payload: { invoiceId: randomUUID() } }),
    expect: signedIn(409),
  },
  'PUT /api/payments/auto-renew': {
    call: () => ({ url: '/api/payments/auto-renew', payload: { on: false } }),
    expect: signedIn(409),
  },
  // Personas' memberships are active (lapsed's lapsed, pending's pending) and renewal is not
  // open yet. The admin persona has no member business, so no membership.
  'GET /api/membership': {
    call: () => ({ url: '/api/membership' }),
    expect: { ...signedIn(200), admin: 403 },
  },
  // The hub answers each login its own things (account.test.ts checks whose); a login
  // without a member business gets its registrations only.
  'GET /api/account': { call: () => ({ url: '/api/account' }), expect: signedIn(200) },
  'GET /api/account/businesses': {
    call: () => ({ url: '/api/account/businesses' }),
    expect: signedIn(200),
  },
  // Only one's own businesses: staff are people of none, so they act for none.
  'PUT /api/account/business': {
    call: (w) => ({ url: '/api/account/business', payload: { contactId: w.memberContactId } }),
    expect: { ...signedIn(403), member: 200 },
  },
  'GET /api/membership/value': {
    call: () => ({ url: '/api/membership/value' }),
    expect: { ...signedIn(200), admin: 403 },
  },
  'POST /api/membership/join': {
    call: () => ({ url: '/api/membership/join', payload: { planId: 'not-a-plan' } }),
    expect: signedIn(400),
  },
  'POST /api/membership/renew': {
    call: () => ({ url: '/api/membership/renew' }),
    expect: { ...signedIn(409), admin: 403 },
  },
  // A plan that does not exist is looked up first: 404 for every member, lapsed ones too (a
  // lapsed membership changes plan by renewing: 409 for a real plan, memberships tests).
  'POST /api/membership/plan': {
    call: () => ({ url: '/api/membership/plan', payload: { planId: randomUUID() } }),
    expect: { ...signedIn(404), admin: 403 },
  },
  'GET /api/membership/quote': {
    call: () => ({ url: '/api/membership/quote?change=renewal' }),
    expect: { ...signedIn(409), admin: 403 },
  },
  'GET /api/admin/memberships': {
    call: () => ({ url: '/api/admin/memberships?list=due' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/memberships/report': {
    call: () => ({ url: '/api/admin/memberships/report?year=2026' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/memberships/:id': {
    call: () => ({ url: `/api/admin/memberships/${randomUUID()}` }),
    expect: adminOnly(404),
  },
  'POST /api/admin/memberships/:id/approve': {
    call: () => ({ url: `/api/admin/memberships/${randomUUID()}/approve` }),
    expect: adminOnly(404),
  },
  'PUT /api/admin/memberships/:id/plan': {
    call: () => ({
      url: `/api/admin/memberships/${randomUUID()}/plan`,
      payload: { planId: randomUUID() },
    }),
    expect: adminOnly(404),
  },
  'POST /api/admin/memberships/:id/cancel': {
    call: () => ({ url: `/api/admin/memberships/${randomUUID()}/cancel`, payload: {} }),
    expect: adminOnly(404),
  },
  'GET /api/admin/exports/memberships.csv': {
    call: () => ({ url: '/api/admin/exports/memberships.csv' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/membership-settings': {
    call: () => ({ url: '/api/admin/membership-settings' }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/membership-settings': {
    call: () => ({ url: '/api/admin/membership-settings', payload: { currency: 'usd' } }),
    expect: adminOnly(400),
  },
  'POST /api/payments/card': { call: () => ({ url: '/api/payments/card' }), expect: signedIn(409) },
  // The job board: members whose business's membership is current post and submit; pending
  // and lapsed ones may not, nor staff without a business (the admin).
  'GET /api/job-posts': { call: () => ({ url: '/api/job-posts?q=baker' }), expect: all(200) },
  'GET /api/job-posts/mine': {
    call: () => ({ url: '/api/job-posts/mine' }),
    expect: { ...signedIn(200), admin: 403 },
  },
  'GET /api/job-posts/:id': {
    call: async (w) => ({ url: `/api/job-posts/${await membersJobPost(w, 'approved')}` }),
    expect: all(200),
  },
  'POST /api/job-posts/:id/apply-clicks': {
    call: async (w) => ({
      url: `/api/job-posts/${await membersJobPost(w, 'approved')}/apply-clicks`,
    }),
    expect: all(204),
  },
  'POST /api/job-posts': {
    call: () => ({ url: '/api/job-posts', payload: jobInput }),
    expect: { ...signedIn(403), other: 201, member: 201, moderator: 201 },
  },
  'PUT /api/job-posts/:id': {
    call: async (w) => ({
      url: `/api/job-posts/${await membersJobPost(w, 'approved')}`,
      payload: jobInput,
    }),
    expect: ownerOrStaff(200),
  },
  // Only the poster submits, and only with an active membership; a draft is the poster's own.
  'POST /api/job-posts/:id/submit': {
    call: async (w) => ({ url: `/api/job-posts/${await membersJobPost(w, 'draft')}/submit` }),
    expect: { ...signedIn(403), pending: 404, lapsed: 404, other: 404, member: 200 },
  },
  'POST /api/job-posts/:id/close': {
    call: async (w) => ({ url: `/api/job-posts/${await membersJobPost(w, 'approved')}/close` }),
    expect: ownerOrStaff(200),
  },
  // Only the poster reopens their closed post, and only with an active membership.
  'POST /api/job-posts/:id/reopen': {
    call: async (w) => ({ url: `/api/job-posts/${await membersJobPost(w, 'closed')}/reopen` }),
    expect: { ...signedIn(403), member: 200 },
  },
  'DELETE /api/job-posts/:id': {
    call: async (w) => ({ url: `/api/job-posts/${await membersJobPost(w, 'approved')}` }),
    expect: ownerOrStaff(200),
  },
  'GET /api/admin/job-posts': {
    call: () => ({ url: '/api/admin/job-posts?status=pending' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/job-posts/:id/approve': {
    call: async (w) => ({
      url: `/api/admin/job-posts/${await membersJobPost(w, 'pending')}/approve`,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/job-posts/:id/reject': {
    call: async (w) => ({
      url: `/api/admin/job-posts/${await membersJobPost(w, 'pending')}/reject`,
      payload: { reason: 'Say the pay.' },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/job-posts/:id/change/approve': {
    call: async (w) => ({
      url: `/api/admin/job-posts/${await membersJobPost(w, 'approved', true)}/change/approve`,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/job-posts/:id/change/reject': {
    call: async (w) => ({
      url: `/api/admin/job-posts/${await membersJobPost(w, 'approved', true)}/change/reject`,
      payload: { reason: 'Keep the old title.' },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/job-settings': {
    call: () => ({ url: '/api/admin/job-settings' }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/job-settings': {
    call: () => ({ url: '/api/admin/job-settings', payload: { membersPublishDirectly: false } }),
    expect: adminOnly(200),
  },
  // Celebrations: members in good standing with a business book; staff decide and set the
  // rules (the rules themselves: admins); a booking is its business's own.
  'GET /api/celebrations/slots': {
    call: () => ({ url: '/api/celebrations/slots?kind=grand_opening' }),
    expect: { ...signedIn(200), pending: 403, lapsed: 403, admin: 403 },
  },
  'GET /api/celebrations/mine': {
    call: () => ({ url: '/api/celebrations/mine' }),
    expect: { ...signedIn(200), admin: 403 },
  },
  'GET /api/celebrations/listing/:contactId': {
    call: (w) => ({ url: `/api/celebrations/listing/${w.memberContactId}` }),
    expect: all(200),
  },
  'GET /api/celebrations/event/:eventId/photos': {
    call: async (w) => ({ url: `/api/celebrations/event/${await membersEvent(w)}/photos` }),
    expect: all(200),
  },
  'POST /api/celebrations': {
    call: (_w, as) => ({
      url: '/api/celebrations',
      payload: {
        kind: 'grand_opening',
        slotStart: celebrationSlot[as],
        address: '1 Main St',
        description: 'Ten years on Main Street.',
      },
    }),
    expect: { ...signedIn(403), other: 201, member: 201, moderator: 201 },
  },
  'POST /api/celebrations/:id/accept': {
    call: async (w) => ({ url: `/api/celebrations/${await aCelebration(w, 'proposed')}/accept` }),
    expect: { ...signedIn(404), member: 200 },
  },
  'POST /api/celebrations/:id/cancel': {
    call: async (w) => ({ url: `/api/celebrations/${await aCelebration(w, 'pending')}/cancel` }),
    expect: { ...signedIn(404), member: 200 },
  },
  'GET /api/sponsorships/packages': {
    call: () => ({ url: '/api/sponsorships/packages' }),
    expect: all(200),
  },
  // By the business's primary or billing person, or staff; a business of another login is
  // not the caller's to buy for, and an unconfirmed account buys nothing.
  'POST /api/sponsorships/packages/:id/purchase': {
    call: async (w) => ({
      url: `/api/sponsorships/packages/${await aSponsorshipPackage(w)}/purchase`,
      payload: { memberId: w.memberContactId, payment: 'invoice' },
    }),
    expect: { ...ownerOrStaff(201), member: 201 },
  },
  'GET /api/admin/sponsorship-packages': {
    call: () => ({ url: '/api/admin/sponsorship-packages' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/sponsorship-packages': {
    call: () => ({ url: '/api/admin/sponsorship-packages', payload: sponsorshipPackageInput }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'PUT /api/admin/sponsorship-packages/:id': {
    call: async (w) => ({
      url: `/api/admin/sponsorship-packages/${await aSponsorshipPackage(w)}`,
      payload: sponsorshipPackageInput,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/sponsorship-packages/:id/sales': {
    call: async (w) => ({
      url: `/api/admin/sponsorship-packages/${await aSponsorshipPackage(w)}/sales`,
      payload: { memberId: w.memberContactId, payment: 'invoice' },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'GET /api/sponsors/placements': {
    call: () => ({ url: '/api/sponsors/placements?slot=home' }),
    expect: all(200),
  },
  'GET /api/sponsors/:id/click': {
    call: async (w) => ({ url: `/api/sponsors/${await aSponsorship(w)}/click?slot=home` }),
    expect: all(302),
  },
  // Staff and the sponsor's primary or billing person; anyone else is refused.
  'PUT /api/sponsors/:id/creative': {
    call: async (w) => ({
      url: `/api/sponsors/${await aSponsorship(w)}/creative`,
      payload: { logoAlt: 'Sponsor', link: 'https://sponsor.example.org/' },
    }),
    expect: { ...ownerOrStaff(200), member: 200 },
  },
  // Staff and the sponsor business's people; anyone else is refused.
  'GET /api/sponsors/:id/report': {
    call: async (w) => ({ url: `/api/sponsors/${await aSponsorship(w)}/report` }),
    expect: { ...ownerOrStaff(200), member: 200 },
  },
  'GET /api/sponsors/:id/report.pdf': {
    call: async (w) => ({ url: `/api/sponsors/${await aSponsorship(w)}/report.pdf` }),
    expect: { ...ownerOrStaff(200), member: 200 },
  },
  'GET /api/sponsors/mine': {
    call: () => ({ url: '/api/sponsors/mine' }),
    expect: signedIn(200),
  },
  'GET /api/admin/sponsorships': {
    call: () => ({ url: '/api/admin/sponsorships' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/sponsorship-settings': {
    call: () => ({ url: '/api/admin/sponsorship-settings' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/sponsorship-settings': {
    call: () => ({ url: '/api/admin/sponsorship-settings', payload: { holdUnpaid: false } }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/celebrations': {
    call: () => ({ url: '/api/admin/celebrations?status=pending' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/celebrations/:id/confirm': {
    call: async (w) => ({
      url: `/api/admin/celebrations/${await aCelebration(w, 'pending', true)}/confirm`,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/celebrations/:id/propose': {
    call: async (w, as) => ({
      url: `/api/admin/celebrations/${await aCelebration(w, 'pending', true)}/propose`,
      payload: { slotStart: proposedSlot[as] },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/celebrations/:id/decline': {
    call: async (w) => ({
      url: `/api/admin/celebrations/${await aCelebration(w, 'pending', true)}/decline`,
      payload: { reason: 'The street is closed that week.' },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/audiences/preview': {
    call: () => ({
      url: `/api/admin/audiences/preview?audience=${encodeURIComponent('{"segments":[{"kind":"subscribers"}]}')}`,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/campaigns': {
    call: () => ({ url: '/api/admin/campaigns' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns': {
    call: () => ({
      url: '/api/admin/campaigns',
      payload: {
        subject: 'News',
        content: '<p>Hello</p>',
        audience: { segments: [{ kind: 'subscribers' }] },
      },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'GET /api/admin/campaigns/sponsorship': {
    call: () => ({ url: '/api/admin/campaigns/sponsorship' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/sponsorship': {
    call: () => ({
      url: '/api/admin/campaigns/sponsorship',
      payload: { name: 'Drive', goalCents: 100_000, startsOn: '2026-03-01', endsOn: '2026-03-31' },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'GET /api/admin/campaigns/sponsorship/:driveId': {
    call: async (w) => ({ url: `/api/admin/campaigns/sponsorship/${(await aDrive(w)).driveId}` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/campaigns/sponsorship/:driveId': {
    call: async (w) => ({
      url: `/api/admin/campaigns/sponsorship/${(await aDrive(w)).driveId}`,
      payload: { name: 'Drive', goalCents: 200_000, startsOn: '2026-03-01', endsOn: '2026-03-31' },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/campaigns/sponsorship/:driveId/volunteer-candidates': {
    call: async (w) => ({
      url: `/api/admin/campaigns/sponsorship/${(await aDrive(w)).driveId}/volunteer-candidates`,
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/sponsorship/:driveId/volunteers': {
    call: async (w) => ({
      url: `/api/admin/campaigns/sponsorship/${(await aDrive(w)).driveId}/volunteers`,
      payload: { personId: await membersPerson(w) },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'POST /api/admin/campaigns/sponsorship/:driveId/prospects': {
    call: async (w) => {
      const drive = await aDrive(w);
      return {
        url: `/api/admin/campaigns/sponsorship/${drive.driveId}/prospects`,
        payload: { volunteerId: drive.volunteerId, contactId: w.memberContactId },
      };
    },
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'PATCH /api/admin/campaigns/sponsorship/:driveId/prospects/:prospectId': {
    call: async (w) => {
      const drive = await aDrive(w);
      return {
        url: `/api/admin/campaigns/sponsorship/${drive.driveId}/prospects/${drive.prospectId}`,
        payload: { note: 'Called' },
      };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/sponsorship/:driveId/prospects/:prospectId/invoice': {
    call: async (w) => {
      const drive = await aDrive(w, 'pledged');
      return {
        url: `/api/admin/campaigns/sponsorship/${drive.driveId}/prospects/${drive.prospectId}/invoice`,
      };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/sponsorship-drives/mine': {
    call: () => ({ url: '/api/sponsorship-drives/mine' }),
    expect: signedIn(200),
  },
  // Another volunteer's prospect: refused to everyone, staff too (theirs is the admin route).
  'PATCH /api/sponsorship-drives/mine/prospects/:prospectId': {
    call: async (w) => ({
      url: `/api/sponsorship-drives/mine/prospects/${(await aDrive(w)).prospectId}`,
      payload: { note: 'Called' },
    }),
    expect: signedIn(403),
  },
  'GET /api/admin/campaigns/:id': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w)}` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/campaigns/:id': {
    call: async (w) => ({
      url: `/api/admin/campaigns/${await aCampaign(w)}`,
      payload: {
        subject: 'News, again',
        content: '<p>Hello</p>',
        audience: { segments: [{ kind: 'subscribers' }] },
      },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/campaigns/:id/preview': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w)}/preview` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/:id/test': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w)}/test` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/:id/send': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w)}/send`, payload: {} }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/:id/pause': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w, 'sending')}/pause` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/:id/resume': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w, 'paused')}/resume` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/campaigns/:id/cancel': {
    call: async (w) => ({ url: `/api/admin/campaigns/${await aCampaign(w)}/cancel` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  // A forged token answers the page's 'ask for the address' state, to anyone.
  'GET /api/unsubscribe/:token': {
    call: () => ({ url: '/api/unsubscribe/u1.forged.newsletter.x' }),
    expect: all(200),
  },
  'POST /api/unsubscribe/:token': {
    call: () => ({ url: '/api/unsubscribe/u1.forged.newsletter.x', payload: {} }),
    expect: all(200),
  },
  // Public: a forged token changes nothing and answers the 'ask for the address' state.
  'PUT /api/unsubscribe/:token/preferences': {
    call: () => ({
      url: '/api/unsubscribe/u1.forged.newsletter.x/preferences',
      payload: { topics: { newsletter: true } },
    }),
    expect: all(200),
  },
  'POST /api/unsubscribe/request': {
    call: (_w, as) => ({
      url: '/api/unsubscribe/request',
      payload: { email: `prefs-${as}@example.org` },
    }),
    expect: all(202),
  },
  // A mail's tracked link and open image are public; a forged token is no page to anyone.
  'GET /api/r/:token': {
    call: () => ({ url: '/api/r/k1.forged.link.x' }),
    expect: all(404),
  },
  'GET /api/o/:token': {
    call: () => ({ url: '/api/o/o1.forged.x.gif' }),
    expect: all(404),
  },
  'GET /api/admin/campaign-settings': {
    call: () => ({ url: '/api/admin/campaign-settings' }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/campaign-settings': {
    call: () => ({ url: '/api/admin/campaign-settings', payload: { countOpens: false } }),
    expect: adminOnly(200),
  },
  // The public archive: anyone reads it; a draft is no page (404) to anyone.
  'GET /api/news': {
    call: () => ({ url: '/api/news' }),
    expect: all(200),
  },
  'GET /api/news/feed.atom': {
    call: () => ({ url: '/api/news/feed.atom' }),
    expect: all(200),
  },
  'GET /api/news/:slug': {
    call: async (w) => ({ url: `/api/news/${await anArchivedCampaign(w)}` }),
    expect: all(200),
  },
  'GET /api/admin/suppressions': {
    call: () => ({ url: '/api/admin/suppressions' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/unsubscribes': {
    call: () => ({ url: '/api/admin/unsubscribes?q=example&limit=10' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/suppressions': {
    call: (_w, as) => ({
      url: '/api/admin/suppressions',
      payload: { email: `stop-${as}@example.org`, detail: 'Asked by phone' },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'POST /api/admin/suppressions/lift': {
    call: async (w, as) => {
      const email = `lift-${as}@example.org`;
      await w.ctx.db
        .insert(mailSuppressions)
        .values({ email, reason: 'manual' })
        .onConflictDoNothing();
      return { url: '/api/admin/suppressions/lift', payload: { email } };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/newsletter/subscribe': {
    call: (_w, as) => ({
      url: '/api/newsletter/subscribe',
      payload: { email: `reader-${as}@example.org` },
    }),
    expect: all(202),
  },
  'POST /api/newsletter/confirm': {
    call: () => ({ url: '/api/newsletter/confirm', payload: { token: 'x'.repeat(40) } }),
    expect: all(200),
  },
  'PUT /api/admin/celebrations/:id/photos': {
    call: async (w) => ({
      url: `/api/admin/celebrations/${await aPastCelebration(w)}/photos`,
      payload: { photos: [{ url: w.mediaUrl, caption: 'Cutting the ribbon' }] },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/admin/celebration-settings': {
    call: () => ({ url: '/api/admin/celebration-settings' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/celebration-settings': {
    call: () => ({ url: '/api/admin/celebration-settings', payload: defaultCelebrationSettings }),
    expect: adminOnly(200),
  },
  'GET /api/admin/celebration-ambassadors': {
    call: () => ({ url: '/api/admin/celebration-ambassadors' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/celebration-ambassadors/:personId': {
    call: async (w) => ({
      url: `/api/admin/celebration-ambassadors/${await membersPerson(w)}`,
      payload: { ambassador: true },
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /.well-known/oauth-authorization-server': {
    call: () => ({ url: '/.well-known/oauth-authorization-server' }),
    expect: all(200),
  },
  'GET /sitemap.xml': { call: () => ({ url: '/sitemap.xml' }), expect: all(200) },
  'GET /sitemap-:n.xml': { call: () => ({ url: '/sitemap-1.xml' }), expect: all(404) },
  'GET /robots.txt': { call: () => ({ url: '/robots.txt' }), expect: all(200) },
  'GET /api/openapi.json': { call: () => ({ url: '/api/openapi.json' }), expect: all(200) },
  'GET /api/docs': { call: () => ({ url: '/api/docs' }), expect: all(200) },
  'GET /api/docs/json': { call: () => ({ url: '/api/docs/json' }), expect: all(200) },
  'GET /api/docs/yaml': { call: () => ({ url: '/api/docs/yaml' }), expect: all(200) },
  // The plugin sends its index.html on to /api/docs.
  'GET /api/docs/static/index.html': {
    call: () => ({ url: '/api/docs/static/index.html' }),
    expect: all(302),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    call: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: all(200),
  },
  'GET /api/docs/static/*': {
    call: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: all(200),
  },
  'PUT /api/locations/:locationId': {
    call: () => ({
      url: '/api/locations/riverton-chamber',
      payload: {
        name: 'Riverton Chamber',
        shortName: 'RACC',
        address1: '',
        city: 'Riverton',
        state: 'UT',
        postalCode: '',
        phone: '',
        email: '',
        website: '',
        socialUrl: '',
        logoUrl: '',
        accentColor: '#1f5f8b',
        coursesUrl: '',
        basicSignupUrl: '',
        enhancedSignupUrl: '',
        eliteSignupUrl: '',
        businessOfMonthSurveyUrl: '',
        customerServiceSurveyUrl: '',
        contactFormUrl: '',
        formEmbedScriptUrl: '',
      },
    }),
    expect: adminOnly(200),
  },
  // Each visitor from an address of their own: the forms are throttled per address.
  'POST /api/site/contact': {
    call: (_w, as) => ({
      url: '/api/site/contact',
      remoteAddress: `192.0.2.${personas.indexOf(as) + 1}`,
      payload: {
        name: 'Sam',
        email: 'sam@example.org',
        message: 'Hello',
        startedAt: Date.parse('2026-03-10T16:00:00Z'),
      },
    }),
    expect: all(201),
  },
  'POST /api/site/nominations': {
    call: (_w, as) => ({
      url: '/api/site/nominations',
      remoteAddress: `192.0.2.${personas.indexOf(as) + 11}`,
      payload: {
        category: 'business_of_month',
        name: 'Sam',
        email: 'sam@example.org',
        nominee: 'Quarry Cafe',
        message: 'Best pie',
        startedAt: Date.parse('2026-03-10T16:00:00Z'),
      },
    }),
    expect: all(201),
  },
  'GET /api/admin/submissions': {
    call: () => ({ url: '/api/admin/submissions' }),
    expect: adminOnly(200),
  },
  'GET /api/locations/:locationId': {
    call: () => ({ url: '/api/locations/riverton-chamber' }),
    expect: all(200),
  },

  // Sign-in is judged by the credentials sent, not by a token.
  'POST /api/auth/authorize': {
    call: (w, as) => ({
      url: '/api/auth/authorize',
      token: null,
      payload: {
        email: as === 'anonymous' ? 'nobody@example.org' : w.emails[as],
        password: PASSWORD,
        codeChallenge: pkcePair().challenge,
        codeChallengeMethod: 'S256',
        redirectUri: w.ctx.config.redirectUri,
      },
    }),
    expect: { ...all(200), anonymous: 401, suspended: 403 },
  },
  'POST /api/auth/token': {
    call: (w) => ({
      url: '/api/auth/token',
      payload: {
        grant_type: 'authorization_code',
        code: 'not-a-code',
        code_verifier: pkcePair().verifier,
        redirect_uri: w.ctx.config.redirectUri,
      },
    }),
    expect: all(400),
  },
  'GET /api/auth/validate': { call: () => ({ url: '/api/auth/validate' }), expect: all(200) },
  'GET /api/auth/profile': { call: () => ({ url: '/api/auth/profile' }), expect: signedIn(200) },
  'POST /api/auth/logout': {
    // A fresh session, so the persona's own token survives for the routes after this one.
    call: async (w, as) => ({
      url: '/api/auth/logout',
      token:
        as === 'anonymous' || as === 'suspended' ? undefined : await signIn(w.ctx, w.emails[as]),
    }),
    expect: signedIn(204),
  },
  'PUT /api/auth/profile': {
    call: (w, as) => ({
      url: '/api/auth/profile',
      payload: {
        firstName: 'Pat',
        lastName: 'Quinn',
        email: as === 'anonymous' ? 'x@example.org' : w.emails[as],
      },
    }),
    expect: signedIn(200),
  },

  // Account recovery and changes: the links are the key, whoever holds them.
  'POST /api/auth/forgot-password': {
    call: (_w, as) => ({
      url: '/api/auth/forgot-password',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 51}`,
      payload: { email: `forgetful-${as}@example.org` },
    }),
    expect: all(202),
  },
  'POST /api/auth/reset-password': {
    call: () => ({
      url: '/api/auth/reset-password',
      payload: {
        token: 'not-a-real-token',
        password: 'a long enough password',
        confirmPassword: 'a long enough password',
      },
    }),
    expect: all(400),
  },
  'POST /api/auth/password': {
    // The same password again, so the persona signs in as before for the routes after this one.
    call: () => ({
      url: '/api/auth/password',
      payload: { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
    }),
    expect: signedIn(200),
  },
  'POST /api/auth/email': {
    call: (_w, as) => ({
      url: '/api/auth/email',
      payload: { email: `moving-${as}@example.org`, currentPassword: PASSWORD },
    }),
    expect: signedIn(202),
  },
  'POST /api/auth/confirm-email': {
    call: () => ({ url: '/api/auth/confirm-email', payload: { token: 'not-a-real-token' } }),
    expect: all(400),
  },

  // Two-factor sign-in and the list of devices (modules/auth/two-factor-routes.ts, sessions-routes.ts).
  'POST /api/auth/mfa': {
    call: () => ({ url: '/api/auth/mfa', payload: { challengeId: 'unknown', code: '123456' } }),
    expect: all(400),
  },
  'POST /api/auth/mfa/enrolment': {
    call: () => ({ url: '/api/auth/mfa/enrolment', payload: { challengeId: 'unknown' } }),
    expect: all(400),
  },
  'GET /api/auth/two-factor': {
    call: () => ({ url: '/api/auth/two-factor' }),
    expect: signedIn(200),
  },
  'POST /api/auth/two-factor/setup': {
    call: () => ({ url: '/api/auth/two-factor/setup' }),
    expect: signedIn(200),
  },
  'POST /api/auth/two-factor/confirm': {
    call: () => ({ url: '/api/auth/two-factor/confirm', payload: { code: '12' } }),
    expect: signedIn(400),
  },
  'POST /api/auth/two-factor/recovery-codes': {
    call: () => ({ url: '/api/auth/two-factor/recovery-codes', payload: {} }),
    expect: signedIn(400),
  },
  'POST /api/auth/two-factor/disable': {
    call: () => ({ url: '/api/auth/two-factor/disable', payload: {} }),
    expect: signedIn(400),
  },
  'GET /api/auth/sessions': { call: () => ({ url: '/api/auth/sessions' }), expect: signedIn(200) },
  'DELETE /api/auth/sessions/:id': {
    // A fresh session signs itself out, so the persona's own token survives.
    call: async (w, as) => {
      if (as === 'anonymous' || as === 'suspended')
        return { url: `/api/auth/sessions/${randomUUID()}` };
      const token = await signIn(w.ctx, w.emails[as]);
      const list = await w.ctx.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
      const own = list.json<{ sessions: { id: string; current: boolean }[] }>().sessions;
      return { url: `/api/auth/sessions/${own.find((s) => s.current)!.id}`, token };
    },
    expect: signedIn(204),
  },
  'POST /api/auth/sessions/end-others': {
    // An account of the same kind, so the persona's own token survives.
    call: async (w, as) => {
      if (as === 'anonymous' || as === 'suspended') return { url: '/api/auth/sessions/end-others' };
      const user = await createTestUser(w.ctx.db, {
        status: as === 'pending' ? 'pending' : 'active',
        ...(as === 'moderator' || as === 'admin' ? { role: as } : {}),
      });
      return { url: '/api/auth/sessions/end-others', token: await signIn(w.ctx, user.email) };
    },
    expect: signedIn(200),
  },
  'DELETE /api/admin/users/:id/two-factor': {
    call: async (w) => ({ url: `/api/admin/users/${(await throwawayUser(w)).id}/two-factor` }),
    expect: adminOnly(200),
  },
  'GET /api/admin/security-settings': {
    call: () => ({ url: '/api/admin/security-settings' }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/security-settings': {
    call: () => ({
      url: '/api/admin/security-settings',
      payload: { requireStaffTwoFactor: false },
    }),
    expect: adminOnly(200),
  },

  // Sign-up is for visitors; a session changes nothing. Addresses of their own keep each
  // visitor inside the per-address limits.
  'POST /api/auth/verify-contact': {
    call: (_w, as) => ({
      url: '/api/auth/verify-contact',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 1}`,
      payload: { email: 'not-on-file@example.org' },
    }),
    expect: all(200),
  },
  'POST /api/auth/send-confirmation': {
    call: (_w, as) => ({
      url: '/api/auth/send-confirmation',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 11}`,
      payload: { email: `claimant-${as}@example.org` },
    }),
    expect: all(200),
  },
  'POST /api/auth/verify-confirmation': {
    call: (_w, as) => ({
      url: '/api/auth/verify-confirmation',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 21}`,
      payload: { email: 'not-on-file@example.org', code: '123456' },
    }),
    expect: all(400),
  },
  'POST /api/auth/register-existing': {
    // No code was verified for the address: refused whoever asks.
    call: (_w, as) => ({
      url: '/api/auth/register-existing',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 31}`,
      payload: {
        email: 'not-on-file@example.org',
        password: 'a long enough password',
        confirmPassword: 'a long enough password',
      },
    }),
    expect: all(403),
  },
  'POST /api/auth/register': {
    call: (_w, as) => ({
      url: '/api/auth/register',
      remoteAddress: `198.51.100.${personas.indexOf(as) + 41}`,
      payload: {
        firstName: 'New',
        lastName: 'Member',
        businessName: `Shop of ${as}`,
        email: `new-${as}@example.org`,
        password: 'a long enough password',
        confirmPassword: 'a long enough password',
      },
    }),
    expect: all(201),
  },
  'GET /api/members': { call: () => ({ url: '/api/members' }), expect: all(200) },
  'GET /api/categories': { call: () => ({ url: '/api/categories' }), expect: all(200) },
  'POST /api/admin/members/:id/merge': {
    call: () => ({
      url: `/api/admin/members/${randomUUID()}/merge`,
      payload: { intoId: randomUUID() },
    }),
    expect: adminOnly(404),
  },
  'PUT /api/admin/categories': {
    // The stored tree sent back as it is: a replacement that changes nothing.
    call: async (w) => {
      const res = await w.ctx.app.inject({ method: 'GET', url: '/api/categories' });
      const { categories } = res.json<CategoryTree>();
      return {
        url: '/api/admin/categories',
        payload: {
          categories: categories.map(({ slug, name, description, children }) => ({
            slug,
            name,
            description,
            children: children.map((k) => ({ slug: k.slug, name: k.name })),
          })),
        },
      };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'GET /api/members/:id': {
    call: (w) => ({ url: `/api/members/${w.memberContactId}` }),
    expect: all(200),
  },
  // Counted for anyone's visit (no cookie, no session needed); bots are left out silently.
  'POST /api/members/:id/clicks': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/clicks`,
      payload: { kind: 'website' },
    }),
    expect: all(204),
  },
  'GET /api/deals': { call: () => ({ url: '/api/deals' }), expect: all(200) },
  'GET /api/deals/listing/:id': {
    call: (w) => ({ url: `/api/deals/listing/${w.memberContactId}` }),
    expect: ownerOrStaff(200),
  },
  'POST /api/deals': {
    call: (w) => ({
      url: '/api/deals',
      payload: { contactId: w.memberContactId, offer: 'Free coffee' },
    }),
    expect: ownerOrStaff(201),
  },
  'PUT /api/deals/:id': {
    call: async (w) => ({
      url: `/api/deals/${await membersDeal(w)}`,
      payload: { offer: 'Two for one' },
    }),
    expect: ownerOrStaff(200),
  },
  'DELETE /api/deals/:id': {
    call: async (w) => ({ url: `/api/deals/${await membersDeal(w)}` }),
    expect: ownerOrStaff(204),
  },
  // A business's people: its people and staff; strangers, pending and lapsed accounts 403.
  'GET /api/members/:id/people': {
    call: (w) => ({ url: `/api/members/${w.memberContactId}/people` }),
    expect: ownerOrStaff(200),
  },
  'POST /api/members/:id/invitations': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/invitations`,
      payload: { email: `colleague-${randomUUID()}@example.org`, role: 'employee' },
    }),
    expect: ownerOrStaff(201),
  },
  'DELETE /api/members/:id/invitations/:invitationId': {
    call: async (w) => ({
      url: `/api/members/${w.memberContactId}/invitations/${(await membersInvitation(w)).id}`,
    }),
    expect: ownerOrStaff(204),
  },
  'PATCH /api/members/:id/people/:personId': {
    call: async (w) => ({
      url: `/api/members/${w.memberContactId}/people/${await membersPerson(w)}`,
      payload: { title: 'Bookkeeper' },
    }),
    expect: ownerOrStaff(200),
  },
  'DELETE /api/members/:id/people/:personId': {
    call: async (w) => ({
      url: `/api/members/${w.memberContactId}/people/${await membersPerson(w)}`,
    }),
    expect: ownerOrStaff(204),
  },
  // Staff only: the business's own primary person and editors invite instead.
  'POST /api/admin/members/:id/people': {
    call: (w) => ({
      url: `/api/admin/members/${w.memberContactId}/people`,
      payload: { role: 'employee', firstName: 'Ada', lastName: `Staffadded ${randomUUID()}` },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'POST /api/admin/members/:id/people/:personId/move': {
    call: async (w) => {
      const to = await createContact(w.ctx.db, { businessName: 'Moved-to Shop' });
      return {
        url: `/api/admin/members/${w.memberContactId}/people/${await membersPerson(w)}/move`,
        payload: { toId: to.id, role: 'employee' },
      };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  // Staff find any business, prospects and unlisted ones too; the directory is the public's.
  'GET /api/admin/members': {
    call: () => ({ url: '/api/admin/members?search=shop' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/members': {
    call: () => ({
      url: '/api/admin/members',
      payload: {
        name: 'Prospect Shop',
        contactName: 'Pat Prospect',
        email: `prospect-${randomUUID()}@example.org`,
      },
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  // The link is the credential: anyone holding it sees what it offers.
  'GET /api/invitations/:token': {
    call: async (w) => ({ url: `/api/invitations/${(await membersInvitation(w)).token}` }),
    expect: all(200),
  },
  // Bound to its address: a visitor makes a sign-in for it (an address with one, such as a
  // suspended login's, signs in first: 409); a session of another address is refused.
  'POST /api/invitations/:token/accept': {
    call: async (w, as) => {
      const email = as === 'suspended' ? w.emails.suspended : undefined;
      const { token } = await membersInvitation(w, email);
      return {
        url: `/api/invitations/${token}/accept`,
        payload:
          as === 'anonymous' || as === 'suspended'
            ? {
                firstName: 'Robin',
                lastName: 'Hale',
                password: 'a colleague password',
                confirmPassword: 'a colleague password',
              }
            : {},
      };
    },
    expect: { ...signedIn(403), anonymous: 200, suspended: 409 },
  },
  'PUT /api/members/:id': {
    call: (w) => ({ url: `/api/members/${w.memberContactId}`, payload: { tagline: 'Open late' } }),
    expect: ownerOrStaff(200),
  },
  'PUT /api/members/:id/categories': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/categories`,
      payload: { categories: ['legal'] },
    }),
    expect: ownerOrStaff(200),
  },
  'PUT /api/members/:id/hours': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/hours`,
      payload: { days: { monday: [{ opens: '09:00', closes: '17:00' }] } },
    }),
    expect: ownerOrStaff(200),
  },
  'PUT /api/members/:id/location': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/location`,
      payload: { lat: 40.52, lng: -111.94 },
    }),
    expect: ownerOrStaff(200),
  },
  'PUT /api/members/:id/avatar': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/avatar`,
      payload: { avatarUrl: w.mediaUrl },
    }),
    expect: ownerOrStaff(200),
  },
  'PUT /api/members/:id/coverImage': {
    call: (w) => ({
      url: `/api/members/${w.memberContactId}/coverImage`,
      payload: { coverImageUrl: w.mediaUrl },
    }),
    expect: ownerOrStaff(200),
  },

  'POST /api/medias/upload-avatar': {
    call: (w) => ({
      url: '/api/medias/upload-avatar',
      payload: { contactId: w.memberContactId, fileData: w.pngDataUrl, fileName: 'a.png' },
    }),
    expect: ownerOrStaff(201),
  },
  // A business with a sponsorship: staff and its primary or billing person, as for its logo.
  'POST /api/medias/upload-sponsor-logo': {
    call: async (w) => {
      await aSponsorship(w);
      return {
        url: '/api/medias/upload-sponsor-logo',
        payload: { contactId: w.memberContactId, fileData: w.pngDataUrl, fileName: 'l.png' },
      };
    },
    expect: ownerOrStaff(201),
  },
  'POST /api/medias/upload-coverImage': {
    call: (w) => ({
      url: '/api/medias/upload-coverImage',
      payload: { contactId: w.memberContactId, fileData: w.pngDataUrl, fileName: 'c.png' },
    }),
    expect: ownerOrStaff(201),
  },
  'POST /api/medias/upload-gallery-image': {
    call: (w) => ({
      url: '/api/medias/upload-gallery-image',
      payload: { contactId: w.memberContactId, fileData: w.pngDataUrl, fileName: 'g.png' },
    }),
    expect: ownerOrStaff(201),
  },
  'POST /api/medias/upload-event-cover': {
    call: (w) => ({
      url: '/api/medias/upload-event-cover',
      payload: { fileData: w.pngDataUrl, fileName: 'e.png' },
    }),
    expect: confirmed(201),
  },
  'POST /api/medias/upload-download-file': {
    call: (w) => ({
      url: '/api/medias/upload-download-file',
      payload: { fileData: w.pngDataUrl, fileName: 'd.png' },
    }),
    expect: confirmed(201),
  },
  'GET /api/media/:key': { call: (w) => ({ url: w.mediaUrl }), expect: all(200) },

  'GET /api/admin/users': { call: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
  'PUT /api/admin/users/:id': {
    call: async (w) => {
      const user = await throwawayUser(w);
      return {
        url: `/api/admin/users/${user.id}`,
        payload: { firstName: 'Lee', lastName: 'Park', email: user.email, website: '' },
      };
    },
    expect: adminOnly(200),
  },
  'PATCH /api/admin/users/:id/status': {
    call: async (w) => ({
      url: `/api/admin/users/${(await throwawayUser(w)).id}/status`,
      payload: { status: 'suspended', reason: 'test' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/users/:id': {
    call: async (w) => ({ url: `/api/admin/users/${(await throwawayUser(w)).id}` }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/password-reset': {
    call: async (w) => ({ url: `/api/admin/users/${(await throwawayUser(w)).id}/password-reset` }),
    expect: adminOnly(202),
  },
  'GET /api/admin/stats': { call: () => ({ url: '/api/admin/stats' }), expect: adminOnly(200) },
  'GET /api/admin/overview': {
    call: () => ({ url: '/api/admin/overview' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/members': {
    call: () => ({ url: '/api/admin/insights/members' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/retention': {
    call: () => ({ url: '/api/admin/insights/retention' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/revenue': {
    call: () => ({ url: '/api/admin/insights/revenue' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/attendance': {
    call: () => ({ url: '/api/admin/insights/attendance' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/at-risk': {
    call: () => ({ url: '/api/admin/insights/at-risk' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/insights/plans': {
    call: () => ({ url: '/api/admin/insights/plans' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/kept-answers': {
    call: () => ({ url: '/api/admin/kept-answers' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/audit': { call: () => ({ url: '/api/admin/audit' }), expect: adminOnly(200) },
  'GET /api/admin/audit.csv': {
    call: () => ({ url: '/api/admin/audit.csv?q=status' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/mail': {
    call: () => ({ url: '/api/admin/mail?status=failed' }),
    expect: adminOnly(200),
  },
  'POST /api/admin/mail/:id/retry': {
    call: () => ({ url: `/api/admin/mail/${randomUUID()}/retry` }),
    expect: adminOnly(404),
  },
  'GET /api/admin/exports/contacts.csv': {
    call: () => ({ url: '/api/admin/exports/contacts.csv' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/exports/users.csv': {
    call: () => ({ url: '/api/admin/exports/users.csv?role=member' }),
    expect: adminOnly(200),
  },

  // Membership plans: everyone reads them, admins edit them.
  'GET /api/membership-plans': { call: () => ({ url: '/api/membership-plans' }), expect: all(200) },
  'PUT /api/admin/membership-plans/:id': {
    call: async (w) => {
      const [plan] = await w.ctx.db
        .select()
        .from(membershipPlans)
        .where(eq(membershipPlans.level, 'elite'));
      const { name, description, priceCents, benefits, highlights, available, featured } = plan!;
      return {
        url: `/api/admin/membership-plans/${plan!.id}`,
        payload: { name, description, priceCents, benefits, highlights, available, featured },
      };
    },
    expect: adminOnly(200),
  },

  // Billing: a member's own invoices (another's answers 404), and the admins' invoice desk.
  'GET /api/billing/invoices': {
    call: () => ({ url: '/api/billing/invoices' }),
    expect: signedIn(200),
  },
  'GET /api/billing/invoices/:id/pdf': {
    call: async (w) => ({ url: `/api/billing/invoices/${(await membersInvoice(w)).id}/pdf` }),
    expect: ownerOrAdminElseHidden(200),
  },
  'GET /api/billing/invoices/:id/receipt.pdf': {
    call: async (w) => ({
      url: `/api/billing/invoices/${(await membersInvoice(w, true)).id}/receipt.pdf`,
    }),
    expect: ownerOrAdminElseHidden(200),
  },
  'GET /api/admin/invoices': {
    call: () => ({ url: '/api/admin/invoices' }),
    expect: adminOnly(200),
  },
  'GET /api/admin/invoices/:id': {
    call: async (w) => ({ url: `/api/admin/invoices/${(await membersInvoice(w)).id}` }),
    expect: adminOnly(200),
  },
  'POST /api/admin/invoices': {
    call: (w) => ({
      url: '/api/admin/invoices',
      payload: { contactId: w.memberContactId, lines: [{ description: 'Booth', unitCents: 3000 }] },
    }),
    expect: adminOnly(201),
  },
  'POST /api/admin/invoices/:id/void': {
    call: async (w) => ({
      url: `/api/admin/invoices/${(await membersInvoice(w)).id}/void`,
      payload: { reason: 'Issued twice' },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/invoices/:id/reissue': {
    call: async (w) => ({
      url: `/api/admin/invoices/${(await membersInvoice(w)).id}/reissue`,
      payload: { reason: 'New address' },
    }),
    expect: adminOnly(201),
  },
  'POST /api/admin/invoices/:id/payments': {
    call: async (w) => ({
      url: `/api/admin/invoices/${(await membersInvoice(w)).id}/payments`,
      payload: { amountCents: 3000, method: 'cash' },
    }),
    expect: adminOnly(201),
  },
  'POST /api/admin/payments/:id/refunds': {
    call: async (w) => ({
      url: `/api/admin/payments/${(await membersInvoice(w, true)).paymentId}/refunds`,
      payload: { amountCents: 1000, reason: 'Goodwill' },
    }),
    expect: adminOnly(201),
  },
  'GET /api/admin/exports/payments.csv': {
    call: () => ({ url: '/api/admin/exports/payments.csv' }),
    expect: adminOnly(200),
  },

  // The calendar: public to read and register for; events belong to their organizer and staff.
  'GET /api/calendars/:calendarId/events': {
    call: () => ({
      url: '/api/calendars/racc-events/events?startDate=2026-03-01&endDate=2026-03-31',
    }),
    expect: all(200),
  },
  'GET /api/calendars/:calendarId': {
    call: () => ({ url: '/api/calendars/racc-events' }),
    expect: all(200),
  },
  'GET /api/calendars/:calendarId/feed.ics': {
    call: () => ({ url: '/api/calendars/racc-events/feed.ics' }),
    expect: all(200),
  },
  'POST /api/calendars/appointments': {
    call: () => ({
      url: '/api/calendars/appointments',
      payload: {
        title: 'Ribbon Cutting',
        startTime: '2026-04-15T22:00:00Z',
        endTime: '2026-04-15T23:00:00Z',
      },
    }),
    expect: confirmed(201),
  },
  // Ticket types: anyone reads them; only staff (not the event's own member) keep them.
  'GET /api/events/:id/ticket-types': {
    call: async (w) => ({ url: `/api/events/${await membersEvent(w)}/ticket-types` }),
    expect: all(200),
  },
  'POST /api/admin/events/:id/ticket-types': {
    call: async (w) => ({
      url: `/api/admin/events/${await membersEvent(w)}/ticket-types`,
      payload: ticketType,
    }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'PUT /api/admin/events/:id/ticket-types/:typeId': {
    call: async (w) => {
      const { eventId, typeId } = await eventWithTicketType(w);
      return { url: `/api/admin/events/${eventId}/ticket-types/${typeId}`, payload: ticketType };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'DELETE /api/admin/events/:id/ticket-types/:typeId': {
    call: async (w) => {
      const { eventId, typeId } = await eventWithTicketType(w);
      return { url: `/api/admin/events/${eventId}/ticket-types/${typeId}` };
    },
    expect: { ...signedIn(403), moderator: 204, admin: 204 },
  },
  // Promo codes: staff keep them; anyone checks one against an event's ticket types.
  'GET /api/admin/promo-codes': {
    call: () => ({ url: '/api/admin/promo-codes' }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/admin/promo-codes': {
    call: () => ({ url: '/api/admin/promo-codes', payload: promoCodeInput() }),
    expect: { ...signedIn(403), moderator: 201, admin: 201 },
  },
  'PUT /api/admin/promo-codes/:id': {
    call: async (w) => ({
      url: `/api/admin/promo-codes/${await aPromoCode(w)}`,
      payload: promoCodeInput(),
    }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'DELETE /api/admin/promo-codes/:id': {
    call: async (w) => ({ url: `/api/admin/promo-codes/${await aPromoCode(w)}` }),
    expect: { ...signedIn(403), moderator: 204, admin: 204 },
  },
  'POST /api/admin/promo-codes/:id/end': {
    call: async (w) => ({ url: `/api/admin/promo-codes/${await aPromoCode(w)}/end` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/events/:id/promo-codes/check': {
    call: async (w) => {
      const { eventId, typeId } = await eventWithTicketType(w);
      return {
        url: `/api/events/${eventId}/promo-codes/check`,
        payload: { code: 'NOSUCHCODE', items: [{ typeId, quantity: 1 }] },
      };
    },
    expect: all(200),
  },
  // Orders: anyone orders and quotes; the buyer (manage link) and staff name attendees.
  'POST /api/events/:id/orders/quote': {
    call: async (w) => {
      const { eventId, typeId } = await eventWithTicketType(w);
      return {
        url: `/api/events/${eventId}/orders/quote`,
        payload: { items: [{ typeId, quantity: 1 }] },
      };
    },
    expect: all(200),
  },
  // A business's plan benefits used and left: its people and staff.
  'GET /api/members/:id/benefits': {
    call: (w) => ({ url: `/api/members/${w.memberContactId}/benefits` }),
    expect: ownerOrStaff(200),
  },
  'POST /api/events/:id/orders': {
    call: async (w, as) => {
      const { eventId, typeId } = await eventWithTicketType(w);
      return {
        url: `/api/events/${eventId}/orders`,
        remoteAddress: `198.51.100.${personas.indexOf(as) + 81}`,
        payload: {
          items: [{ typeId, quantity: 1 }],
          buyer: { name: 'Pat Visitor', email: `order-${as}@example.org` },
        },
      };
    },
    expect: all(201),
  },
  'GET /api/admin/events/:id/orders': {
    call: async (w) => ({ url: `/api/admin/events/${await membersEvent(w)}/orders` }),
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/admin/events/:id/attendees/:attendeeId': {
    call: async (w, as) => {
      const { eventId, attendeeId } = await orderWithAttendee(w, as);
      return {
        url: `/api/admin/events/${eventId}/attendees/${attendeeId}`,
        payload: { name: 'Ada Lovelace' },
      };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'PUT /api/registrations/manage/attendees/:attendeeId': {
    call: async (w, as) => {
      const { attendeeId, headers } = await orderWithAttendee(w, as);
      return {
        url: `/api/registrations/manage/attendees/${attendeeId}`,
        headers,
        payload: { name: 'Ada Lovelace' },
      };
    },
    expect: all(200),
  },
  'GET /api/calendars/appointments/:id': {
    call: async (w) => ({ url: `/api/calendars/appointments/${await membersEvent(w)}` }),
    expect: all(200),
  },
  'PUT /api/calendars/appointments/:id': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}`,
      payload: { title: 'Renamed' },
    }),
    expect: ownerOrStaff(200),
  },
  'DELETE /api/calendars/appointments/:id': {
    call: async (w) => ({ url: `/api/calendars/appointments/${await membersEvent(w)}` }),
    expect: ownerOrStaff(200),
  },
  'GET /api/calendars/appointments/:id/custom-fields': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/custom-fields`,
    }),
    expect: all(200),
  },
  'POST /api/calendars/appointments/:id/recurring-series-custom-fields': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/recurring-series-custom-fields`,
      payload: { customFields: { pageUrl: 'https://example.org/event' } },
    }),
    expect: ownerOrStaff(200),
  },
  'GET /api/calendars/appointments/:id/ics': {
    call: async (w) => ({ url: `/api/calendars/appointments/${await membersEvent(w)}/ics` }),
    expect: all(200),
  },
  'POST /api/calendars/appointments/:id/registrations': {
    call: async (w, as) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/registrations`,
      payload: { name: 'Pat Visitor', email: `${as}-guest@example.org`, numberOfGuests: '2' },
    }),
    expect: all(201),
  },
  'POST /api/calendars/appointments/:id/registration-form': {
    call: async (w, as) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/registration-form`,
      // The form's fields (a browser posts them form-encoded; the same fields as JSON here).
      payload: { name: 'Pat Visitor', email: `${as}-form@example.org`, numberOfGuests: '2' },
      // Its own client address: the registration throttle counts per client too.
      remoteAddress: `192.0.2.${personas.indexOf(as) + 61}`,
    }),
    expect: all(201),
  },
  'GET /api/calendars/appointments/:id/series-registrations': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersSeries(w)}/series-registrations`,
    }),
    expect: all(200),
  },
  'POST /api/calendars/appointments/:id/series-registrations': {
    call: async (w, as) => ({
      url: `/api/calendars/appointments/${await membersSeries(w)}/series-registrations`,
      payload: { name: 'Pat Visitor', email: `${as}-series@example.org`, numberOfGuests: 2 },
    }),
    expect: all(201),
  },
  'GET /api/registrations/manage': {
    call: async (w, as) => ({
      url: '/api/registrations/manage',
      headers: await managedRegistration(w, as),
    }),
    expect: all(200),
  },
  'PUT /api/registrations/manage': {
    call: async (w, as) => ({
      url: '/api/registrations/manage',
      headers: await managedRegistration(w, as),
      remoteAddress: `192.0.2.${personas.indexOf(as) + 21}`,
      payload: { name: 'Pat Visitor', numberOfGuests: 3 },
    }),
    expect: all(200),
  },
  'DELETE /api/registrations/manage': {
    call: async (w, as) => ({
      url: '/api/registrations/manage',
      headers: await managedRegistration(w, as),
    }),
    expect: all(200),
  },
  'GET /api/calendars/appointments/:id/registrations': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/registrations`,
    }),
    expect: ownerOrStaff(200),
  },
  'DELETE /api/calendars/appointments/:id/registrations/:registrationId': {
    call: async (w) => {
      const { eventId, registrationId } = await doorParty(w);
      return { url: `/api/calendars/appointments/${eventId}/registrations/${registrationId}` };
    },
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/registrations/manage/accept': {
    call: async (w, as) => ({
      url: '/api/registrations/manage/accept',
      headers: await managedRegistration(w, as, {
        seatStatus: 'offered',
        holdUntil: new Date('2026-03-11T17:00:00Z'),
      }),
    }),
    expect: all(200),
  },
  'POST /api/registrations/manage/new-link': {
    call: async (w, as) => ({
      url: '/api/registrations/manage/new-link',
      headers: await managedRegistration(w, as),
      remoteAddress: `192.0.2.${personas.indexOf(as) + 41}`,
    }),
    expect: all(200),
  },
  'GET /api/calendars/appointments/:id/check-in': {
    call: async (w) => ({ url: `/api/calendars/appointments/${await membersEvent(w)}/check-in` }),
    expect: ownerOrStaff(200),
  },
  'POST /api/calendars/appointments/:id/check-in': {
    call: async (w) => {
      const { eventId, registrationId } = await doorParty(w);
      return {
        url: `/api/calendars/appointments/${eventId}/check-in`,
        payload: { registrationId },
      };
    },
    expect: ownerOrStaff(200),
  },
  'POST /api/calendars/appointments/:id/check-in/payments': {
    call: async (w) => {
      const { eventId, registrationId } = await unpaidTicket(w);
      return {
        url: `/api/calendars/appointments/${eventId}/check-in/payments`,
        payload: { registrationId, method: 'cash' },
      };
    },
    // The organizer runs the door; only staff take money.
    expect: { ...signedIn(403), moderator: 200, admin: 200 },
  },
  'POST /api/calendars/appointments/:id/walk-ins': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/walk-ins`,
      payload: { name: 'Walk In', numberOfGuests: 2 },
    }),
    expect: ownerOrStaff(201),
  },
  'POST /api/events/:id/check-ins': {
    call: async (w, as) => {
      const { eventId, attendeeId } = await orderWithAttendee(w, as);
      return { url: `/api/events/${eventId}/check-ins`, payload: { attendeeId } };
    },
    expect: ownerOrStaff(200),
  },
  'DELETE /api/events/:id/check-ins/:attendeeId': {
    call: async (w, as) => {
      const { eventId, attendeeId } = await orderWithAttendee(w, as);
      return { url: `/api/events/${eventId}/check-ins/${attendeeId}` };
    },
    expect: ownerOrStaff(200),
  },
  'GET /api/calendars/appointments/:id/attendees.csv': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/attendees.csv`,
    }),
    expect: ownerOrStaff(200),
  },
  'GET /api/calendars/appointments/:id/registrations.csv': {
    call: async (w) => ({
      url: `/api/calendars/appointments/${await membersEvent(w)}/registrations.csv`,
    }),
    expect: ownerOrStaff(200),
  },
};

/** Answers that are the same for everyone keep their own Cache-Control for signed-in callers. */
const publicCache: Record<string, string> = {
  'GET /api/media/:key': 'public, max-age=31536000, immutable',
  'GET /api/config': 'public, max-age=60',
  'GET /api/membership-plans': 'no-cache',
  'GET /api/news': 'no-cache',
  'GET /api/news/:slug': 'no-cache',
  'GET /api/news/feed.atom': 'public, max-age=300',
};

let world: World;

beforeAll(async () => {
  const ctx = await createTestApp();
  const { calendars, chambers } = await import('@chamber/db');
  await ctx.db.insert(chambers).values({ id: 'riverton-chamber', name: 'Riverton Chamber' });
  await ctx.db.insert(calendars).values({ id: 'racc-events', locationId: 'riverton-chamber' });
  const make = (overrides: Parameters<typeof createTestUser>[1]) =>
    createTestUser(ctx.db, overrides);
  const accounts = {
    suspended: await make({}),
    lapsed: await make({ contact: { membershipTier: 'elite', paymentStatus: 'failed' } }),
    other: await make({ contact: { membershipTier: 'elite' } }),
    member: await make({ contact: { membershipTier: 'elite' } }),
    moderator: await make({ role: 'moderator' }),
    admin: await make({ role: 'admin', contact: false }),
  };
  // Signed up through the API, as anyone can: pending, with a contact of its own.
  const signUp = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: '203.0.113.99',
    payload: {
      firstName: 'Penny',
      lastName: 'Pending',
      businessName: 'Pending Pottery',
      email: 'penny@pendingpottery.example',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(signUp.json()).toMatchObject({ status: 'pending' });
  const [pending] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, 'penny@pendingpottery.example'));
  expect(pending!.contactId).not.toBeNull();
  const signedUp = { ...accounts, pending: pending! };
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(signedUp).map(async ([k, u]) => [k, await signIn(ctx, u.email)] as const),
    ),
  ) as World['tokens'];
  // Suspended after signing in: the token they hold must be dead.
  await ctx.db
    .update(users)
    .set({ status: 'suspended' })
    .where(eq(users.id, accounts.suspended.id));

  const pngDataUrl = dataUrl(await makeImage('png', { width: 16, height: 16 }));
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/medias/upload-avatar',
    headers: bearer(tokens.member),
    payload: { contactId: accounts.member.contactId, fileData: pngDataUrl, fileName: 'm.png' },
  });
  world = {
    ctx,
    tokens,
    emails: Object.fromEntries(
      Object.entries(signedUp).map(([k, u]) => [k, u.email]),
    ) as World['emails'],
    memberContactId: accounts.member.contactId!,
    mediaUrl: upload.json<{ mediaUrl: string }>().mediaUrl,
    pngDataUrl,
  };
});
afterAll(() => world.ctx.close());

const apiRoutes = () =>
  world.ctx.app.routeList
    .filter(
      (r) =>
        r.url.startsWith('/api/') ||
        r.url.startsWith('/.well-known/') ||
        /^\/(sitemap[^/]*\.xml|robots\.txt)$/.test(r.url),
    )
    .map((r) => `${r.method} ${r.url}`);

describe('the authorization table', () => {
  it('has exactly one entry for every route under /api', () => {
    const routes = apiRoutes();
    expect(
      routes.filter((r) => !(r in table)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(table).filter((k) => !routes.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it.each(Object.keys(table))('%s', async (route) => {
    const entry = table[route]!;
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const got: Partial<Record<Persona, number>> = {};
    const wrongCaching: string[] = [];
    for (const as of personas) {
      const call = await entry.call(world, as);
      const token =
        call.token === null
          ? undefined
          : (call.token ?? (as === 'anonymous' ? undefined : world.tokens[as]));
      const res: LightMyRequestResponse = await world.ctx.app.inject({
        method,
        url: call.url,
        headers: { ...bearer(token), ...call.headers },
        ...(call.payload ? { payload: call.payload } : {}),
        ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
      });
      got[as] = res.statusCode;
      // Whatever answers a call with credentials is kept by no cache, unless the route's
      // answer is the same for everyone.
      const cacheControl = res.headers['cache-control'];
      const wanted = publicCache[route] ?? 'private, no-store';
      if (token && res.statusCode < 300 && cacheControl !== wanted) {
        wrongCaching.push(`${as}: ${String(cacheControl)}`);
      }
    }
    expect(got).toEqual(entry.expect);
    expect(wrongCaching, 'Cache-Control of answers to signed-in calls').toEqual([]);
  });
});

describe('who may call a route at all is checked before its input', () => {
  const garbage = [
    { name: 'broken JSON', payload: '{"title": ', contentType: 'application/json' },
    {
      name: 'wrong fields',
      payload: '{"title": 42, "email": []}',
      contentType: 'application/json',
    },
    // Larger than any route's body limit (an upload of a 10 MB download file is the largest).
    { name: 'an oversized body', payload: 'x'.repeat(15 * 1024 * 1024), contentType: 'text/plain' },
  ];
  const withBody = (route: string) => !route.startsWith('GET ');
  const callWith = async (route: string, as: Persona, body: (typeof garbage)[number]) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const { url } = await table[route]!.call(world, as);
    return world.ctx.app.inject({
      method,
      // Query strings get garbage too, for the routes that read one.
      url: `${url}${url.includes('?') ? '&' : '?'}limit=lots&offset=-1&startDate=never`,
      headers: {
        ...bearer(as === 'anonymous' ? undefined : world.tokens[as]),
        ...(withBody(route) ? { 'content-type': body.contentType } : {}),
      },
      ...(withBody(route) ? { payload: body.payload } : {}),
    });
  };

  it('answers 401 to anonymous calls of every route that needs a session, whatever is sent', async () => {
    // Sign-in answers 401 to wrong credentials, not for want of a session: not one of these.
    const protectedRoutes = Object.keys(table).filter(
      (r) => table[r]!.expect.anonymous === 401 && table[r]!.expect.suspended === 401,
    );
    expect(protectedRoutes.length).toBeGreaterThan(20);
    const got: string[] = [];
    for (const route of protectedRoutes) {
      for (const body of garbage) {
        const res = await callWith(route, 'anonymous', body);
        if (res.statusCode !== 401) got.push(`${route} with ${body.name}: ${res.statusCode}`);
      }
    }
    expect(got).toEqual([]);
  });

  it('answers 403 to members calling admin-only routes, whatever is sent', async () => {
    const adminRoutes = Object.keys(table).filter(
      (r) =>
        table[r]!.expect.member === 403 &&
        // Staff routes (moderators too) are not admin-only; their rows check each persona.
        table[r]!.expect.moderator === 403 &&
        table[r]!.expect.admin < 300,
    );
    expect(adminRoutes).toContain('PUT /api/locations/:locationId');
    const got: string[] = [];
    for (const route of adminRoutes) {
      for (const body of garbage) {
        for (const as of ['member', 'moderator'] as const) {
          const res = await callWith(route, as, body);
          if (res.statusCode !== 403)
            got.push(`${route} as ${as} with ${body.name}: ${res.statusCode}`);
        }
      }
    }
    expect(got).toEqual([]);
  });

  it('says so in the OpenAPI document', async () => {
    const doc = (await world.ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(doc.paths['/api/locations/{locationId}']!.put!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/locations/{locationId}']!.get!.security).toBeUndefined();
  });

  it('declares the bearer token on every route whose answer it changes', async () => {
    const doc = (await world.ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      security?: unknown;
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(doc.security).toEqual([]);
    // Its 401 is a wrong password: it takes credentials in the body, never a token.
    const signIns = new Set(['POST /api/auth/authorize']);
    const wrong: string[] = [];
    for (const [route, { expect: statuses }] of Object.entries(table)) {
      if (signIns.has(route)) continue;
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!operation) continue;
      const needed = statuses.anonymous === 401;
      const changes = personas.some((as) => statuses[as] !== statuses.anonymous);
      const security = operation.security ?? doc.security;
      if (needed && JSON.stringify(security) !== '[{"bearer":[]}]') wrong.push(route);
      if (!needed && changes && JSON.stringify(security) !== '[{},{"bearer":[]}]')
        wrong.push(route);
    }
    expect(wrong).toEqual([]);
  });
});

/** Another member's invoice answers as none: its existence is theirs too. */
function ownerOrAdminElseHidden(status: number): Expected {
  return { ...signedIn(404), member: status, admin: status };
}

/** A fresh $30 invoice to "member", paid by check when asked. */
async function membersInvoice(world: World, paid = false) {
  const billing = new BillingService(world.ctx.db, world.ctx.clock);
  const { invoice } = await billing.issueInvoice(world.ctx.db, {
    contactId: world.memberContactId,
    purpose: 'other',
    lines: [{ description: 'Booth', unitCents: 3000 }],
  });
  if (!paid) return { id: invoice.id, paymentId: null };
  const { payment } = await billing.recordPayment(world.ctx.db, {
    invoiceId: invoice.id,
    amountCents: 3000,
    method: 'check',
    reference: '101',
  });
  return { id: invoice.id, paymentId: payment.id };
}
