import type { FastifyInstance } from 'fastify';
import { AccountService, accountRoutes } from './account/index.js';
import { adminRoutes, registerApprovalsDigest } from './admin/index.js';
import {
  AccountMail,
  type AuthService,
  authRoutes,
  hashPassword,
  oauthMetadataRoutes,
} from './auth/index.js';
import { BillingDocuments, BillingService, billingRoutes } from './billing/index.js';
import { createStripeClient, OnlinePayments, onlinePaymentRoutes } from './billing/stripe.js';
import {
  assertCanCreateEvents,
  CalendarService,
  calendarRoutes,
  EventAnnouncements,
} from './calendars/index.js';
import { checkInRoutes } from './check-in/index.js';
import { CelebrationMail, CelebrationsService, celebrationsRoutes } from './celebrations/index.js';
import { benefitsRoutes } from './benefits/index.js';
import { chamberRoutes, type EmbedOrigins } from './chamber/index.js';
import {
  CampaignSender,
  createBouncePoller,
  type BouncePoller,
  Suppressions,
  CommunicationsService,
  communicationsRoutes,
  MailSubscriptions,
  NewsArchive,
  UnsubscribeTokens,
} from './communications/index.js';
import { dealsRoutes } from './deals/index.js';
import { DrivesService, drivesRoutes } from './drives/index.js';
import type { ModuleDeps } from './deps.js';
import { JobsService, jobsRoutes } from './jobs/index.js';
import { mediaRoutes, type UploadRules } from './media/index.js';
import {
  categoryRoutes,
  InvitationMail,
  MembersService,
  membersRoutes,
  PeopleService,
  peopleRoutes,
  StaffPeopleService,
  staffBusinessRoutes,
  StaffBusinessesService,
} from './members/index.js';
import {
  membershipPlansRoutes,
  membershipBilling,
  membershipRoutes,
  MembershipsService,
  registerDuesMail,
  subscriptionHooks,
} from './memberships/index.js';
import { icsRoutes } from './ical/index.js';
import { publicPagesRoutes } from './public-pages/index.js';
import {
  DoorAttendees,
  EventChangeComposers,
  followEventChanges,
  OrderService,
  recountSoldOf,
  registrationRoutes,
} from './registrations/index.js';
import { siteRoutes } from './site/index.js';
import { sponsorshipBilling } from './sponsorship-billing.js';
import {
  SponsorPlacementsService,
  SponsorshipsService,
  sponsorshipsRoutes,
} from './sponsorships/index.js';
import { ticketBilling } from './ticket-billing.js';
import { ticketRoutes, type Tickets, ticketsFor } from './tickets/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Campaigns' mail, at the configured pace; tests `drain()` it. */
    campaignSender: CampaignSender;
    /** The bounce mailbox's reader, when BOUNCE_IMAP_URL is set; tests `pollOnce()` it. */
    bounceReader: BouncePoller | null;
    /** Suppressed addresses; the bounce reader's reports are recorded here. */
    suppressions: Suppressions;
    /** Card payments through Stripe, when set up; the memberships module registers its hooks. */
    onlinePayments: OnlinePayments | null;
  }
}

/**
 * Every feature module, registered under /api from this one list. Modules import each other
 * only through their index.ts; what one module decides for another (who may upload a file
 * for a contact or an event) is handed over here. Answers the tickets the calendar routes
 * price events with, for the server-rendered pages to read events as the API sends them.
 */
export async function registerModules(
  app: FastifyInstance,
  deps: ModuleDeps & { auth: AuthService; embeds: EmbedOrigins },
): Promise<{
  tickets: Tickets;
  sponsorships: SponsorshipsService;
  placements: SponsorPlacementsService;
}> {
  const members = new MembersService(deps.db, deps.clock, deps.config.publicUrl);
  const documents = new BillingDocuments(deps.db, deps.config, deps.storage, deps.clock);
  documents.register(deps.outbox);
  new AccountMail(deps.db, deps.clock, deps.config).register(deps.outbox);
  new InvitationMail(deps.db, deps.clock, deps.config.publicUrl).register(deps.outbox);
  // A business's people: a new sign-in's password is hashed as the auth module does.
  const people = new PeopleService(
    deps.db,
    deps.clock,
    deps.outbox,
    hashPassword,
    deps.config.invitationsPerDay,
    deps.throttle,
  );
  registerDuesMail(deps.db, deps.clock, deps.outbox);
  // One instance: modules register what a paid invoice fulfils with billing.onPaid.
  const billing = new BillingService(deps.db, deps.clock, documents);
  const uploadRules: UploadRules = {
    forContact: (kind, contactId, session) =>
      kind === 'sponsorLogo'
        ? placements.checkLogoUpload(contactId, session)
        : members.checkUpload(kind, contactId, session),
    forEvents: (session) => void assertCanCreateEvents(session),
  };
  const online = deps.config.stripe
    ? new OnlinePayments(
        deps.db,
        deps.clock,
        billing,
        await createStripeClient(deps.config.stripe),
        { ...deps.config, stripe: deps.config.stripe },
        app.log,
      )
    : null;
  // Staff refunds of card payments go back through Stripe.
  if (online) {
    billing.setPaymentProvider(online.provider());
  }
  // One BillingService: the payments Stripe records run the memberships' onPaid hooks.
  const memberships = new MembershipsService(deps.db, deps.clock, membershipBilling(billing));
  // A join's invoice and receipt mails say what the new member's standing is.
  documents.describe('membership_join', (invoice, variant) =>
    memberships.joinMailNotes(invoice, variant),
  );
  // Tickets are billed as dues are: their onPaid hook confirms the seats a payment pays for.
  const tickets = ticketsFor(deps, ticketBilling(billing, online));
  // Sponsorships too: their onPaid hook confirms an online purchase held for payment.
  const sponsorBilling = sponsorshipBilling(billing, documents, online, deps.clock);
  const sponsorships = new SponsorshipsService(deps.db, deps.clock, sponsorBilling);
  // The placements hold a sponsor unpaid after its invoice's due date: billing's to say.
  const placements = new SponsorPlacementsService(
    deps.db,
    deps.clock,
    deps.config.publicUrl,
    sponsorBilling,
    app.log.child({ component: 'sponsor-counts' }),
  );
  // The calendar announces its edits and deletions; registrants hear of them by mail, each
  // mail an outbox row written in the change's transaction.
  const announcements = new EventAnnouncements();
  new EventChangeComposers(deps.db, deps.config, deps.clock).register(deps.outbox);
  followEventChanges(announcements, deps.outbox);
  if (online) {
    online.useHooks(subscriptionHooks(memberships));
    // A failed charge, automatic renewal turned on, or tickets paid, queue their mail in the
    // outbox in the transaction of the event (or of the member's switch): this process's
    // workers take it now that it has committed.
    const queuesMail = new Set(['/api/stripe/webhook', '/api/payments/auto-renew']);
    app.addHook('onResponse', async (request, reply) => {
      if (!queuesMail.has(request.routeOptions.url ?? '') || reply.statusCode !== 200) return;
      deps.outbox.wake();
    });
  }
  app.decorate('onlinePayments', online);
  // Celebrations put their confirmed events on the calendar and invoice their fee.
  const celebrations = new CelebrationsService(
    deps.db,
    deps.clock,
    deps.outbox,
    new CalendarService(deps.db, deps.clock, tickets),
    billing,
    members,
  );
  new CelebrationMail(deps.db, celebrations).register(deps.outbox);
  // Sponsorship drives invoice pledges; a paid one marks its prospect paid.
  const drives = new DrivesService(deps.db, deps.clock, billing);
  drives.register();
  registerApprovalsDigest(deps.db, deps.outbox);
  // Member communications: campaigns sent at a pace, bounces to a per-recipient return path.
  let sender: CampaignSender | null = null;
  const unsubscribeTokens = new UnsubscribeTokens(deps.db);
  const communications = new CommunicationsService(
    deps.db,
    deps.clock,
    deps.mail,
    deps.outbox,
    unsubscribeTokens,
    deps.config.publicUrl,
    () => sender?.wake(),
  );
  const subscriptions = new MailSubscriptions(
    deps.db,
    deps.clock,
    deps.outbox,
    deps.throttle,
    unsubscribeTokens,
    deps.config.publicUrl,
  );
  subscriptions.registerMail();
  sender = new CampaignSender(
    deps.db,
    deps.clock,
    deps.mail,
    communications,
    app.log.child({ component: 'campaigns' }),
    {
      perMinute: deps.config.campaignPacePerMinute,
      bounceAddress:
        deps.config.bounceAddress ??
        /<([^<>]+)>/.exec(deps.config.mailFrom)?.[1] ??
        deps.config.mailFrom,
    },
  );
  app.decorate('campaignSender', sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  // The bounce mailbox, when configured: its reports mark campaign mail bounced and suppress
  // addresses (a report may come twice; recording it is idempotent).
  let bounceReader: BouncePoller | null = null;
  const suppressions = new Suppressions(deps.db, deps.clock, () => bounceReader);
  const bounces = deps.config.bounces;
  if (bounces) {
    bounceReader = await createBouncePoller({
      mailbox: bounces.imap,
      bounceAddress: bounces.address,
      intervalMs: bounces.pollSeconds * 1000,
      clock: deps.clock,
      logger: app.log.child({ component: 'bounces' }),
      onReport: async (report) => void (await suppressions.record(report)),
    });
    const reader = bounceReader;
    app.addHook('onReady', async () => reader.start());
    app.addHook('onClose', async () => reader.stop());
  }
  app.decorate('bounceReader', bounceReader);
  app.decorate('suppressions', suppressions);
  await app.register(
    async (api) => {
      await api.register(siteRoutes, deps);
      await api.register(chamberRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(membersRoutes, deps);
      await api.register(categoryRoutes, deps);
      await api.register(peopleRoutes, {
        people,
        staffPeople: new StaffPeopleService(deps.db, deps.clock),
      });
      await api.register(staffBusinessRoutes, {
        businesses: new StaffBusinessesService(deps.db),
      });
      await api.register(dealsRoutes, deps);
      await api.register(mediaRoutes, { ...deps, uploadRules });
      await api.register(calendarRoutes, { ...deps, tickets, announcements });
      await api.register(icsRoutes, deps);
      const orders = new OrderService(
        deps.db,
        deps.clock,
        deps.throttle,
        deps.outbox,
        tickets,
        deps.config.publicUrl,
      );
      await api.register(registrationRoutes, {
        ...deps,
        tickets,
        orders,
        // 'Presented by …' in the registrant's confirmation: the event's live sponsors.
        sponsors: { presentersOf: (eventId) => placements.presentersOf(eventId) },
      });
      await api.register(checkInRoutes, { ...deps, tickets, attendees: new DoorAttendees() });
      await api.register(ticketRoutes, { ...deps, tickets, orders });
      await api.register(benefitsRoutes, { ...deps, tickets });
      // Deleting an account recounts the tickets of the orders it had.
      await api.register(adminRoutes, {
        ...deps,
        memberships,
        ticketCounts: { recount: recountSoldOf },
      });
      await api.register(membershipPlansRoutes, deps);
      await api.register(onlinePaymentRoutes, { ...deps, online });
      await api.register(billingRoutes, { ...deps, billing, documents });
      await api.register(membershipRoutes, {
        memberships,
        documents,
        db: deps.db,
        clock: deps.clock,
      });
      await api.register(accountRoutes, {
        account: new AccountService(deps.db, deps.clock, memberships),
        people,
      });
      await api.register(jobsRoutes, {
        jobs: new JobsService(deps.db, deps.clock, deps.outbox),
        counter: deps.counter,
      });
      await api.register(celebrationsRoutes, { celebrations });
      await api.register(sponsorshipsRoutes, { sponsorships, placements, documents });
      await api.register(drivesRoutes, { drives });
      await api.register(communicationsRoutes, {
        communications,
        subscriptions,
        suppressions,
        news: new NewsArchive(deps.db, deps.config.publicUrl, deps.config.chamberName),
      });
    },
    { prefix: '/api' },
  );
  await app.register(oauthMetadataRoutes, deps);
  await app.register(publicPagesRoutes, deps);
  return { tickets, sponsorships, placements };
}
