import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  businessPeople,
  calendars,
  contactCategories,
  contacts,
  eventRegistrations,
  eventAttendees,
  eventOrderLines,
  eventTicketTypes,
  events,
  chambers,
  users,
  type Database,
} from '@chamber/db';
import { openingHoursSchema, zonedDate, zonedTimeToUtc } from '@chamber/contract';
import { hashPassword } from '../modules/auth/index.js';
import {
  CALENDAR_ID,
  chamber,
  demoAccounts,
  demoContacts,
  LOCATION_ID,
  TIMEZONE,
} from './demo-data.js';
import { demoRoster } from './demo-roster.js';
import { categoryIdsBySlug, categoryRows, demoCategories } from './demo-categories.js';
import { seedDemoDeals } from './demo-deals.js';
import { duesStoryEmails, seedDemoDues, seedDemoPaymentDetails } from './demo-dues.js';
import { type DemoCover, seedDemoEventCovers } from './demo-event-covers.js';
import { seedDemoGallery } from './demo-gallery.js';
import type { Storage } from '../lib/storage.js';
import { seedDemoCelebrations } from './demo-celebrations.js';
import { seedDemoDrives } from './demo-drives.js';
import { seedDemoJobs } from './demo-jobs.js';
import { seedDemoNews } from './demo-news.js';
import { seedDemoSponsorships } from './demo-sponsorships.js';
import { seedDemoYear } from './demo-year.js';

const SEEDED_NOTE = 'Demo event created by seed';
const SOLD_OUT_TITLE = 'Leadership Breakfast (6 seats)';
const DINNER_TITLE = 'Annual Awards Dinner';

interface DemoEvent {
  title: string;
  /** Its cover's drawing (demo-event-covers.ts). */
  cover: DemoCover;
  dayOffset: number;
  hour: number;
  minute?: number;
  minutes: number;
  location: string;
  description: string;
  rrule?: string;
  /** A monthly series on the weekday of its first date (its 1st to 4th, or last, in the month). */
  monthly?: boolean;
}

const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** `FREQ=MONTHLY;BYDAY=2TH` for the second Thursday; a fifth weekday becomes the last. */
function monthlyRuleFor(day: Date): string {
  const nth = Math.ceil(day.getUTCDate() / 7);
  return `FREQ=MONTHLY;BYDAY=${nth > 4 ? -1 : nth}${WEEKDAY_CODES[day.getUTCDay()]}`;
}

const demoEvents: DemoEvent[] = [
  {
    title: 'Networking Breakfast',
    cover: 'breakfast',
    dayOffset: -6,
    hour: 7,
    minute: 30,
    minutes: 60,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    location: 'Copperleaf Coffee House, 12700 S Crosswind Ln, Riverton, UT',
    description: 'Coffee, pastries and a round of 30-second introductions. Bring business cards.',
  },
  {
    title: 'Monthly Chamber Luncheon',
    cover: 'luncheon',
    dayOffset: 3,
    hour: 12,
    minutes: 75,
    monthly: true,
    location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
    description:
      'Lunch with fellow members and a talk from the Riverton city manager on the year ahead.\nNew members get two minutes to introduce their business.',
  },
  {
    title: 'Ribbon Cutting: Copperleaf Coffee House',
    cover: 'ribbon',
    dayOffset: 6,
    hour: 16,
    minutes: 45,
    location: 'Copperleaf Coffee House, 12700 S Crosswind Ln, Riverton, UT',
    description: 'Celebrate the grand opening of the new roastery with the chamber ambassadors.',
  },
  {
    title: 'Small Business Saturday Kickoff',
    cover: 'saturday',
    dayOffset: 9,
    hour: 9,
    minutes: 180,
    location: 'Riverton Town Square, 12830 S Redwood Rd, Riverton, UT',
    description: 'Shop local! Maps, passport stamps and prizes at participating member businesses.',
  },
  {
    title: 'Business After Hours',
    cover: 'after-hours',
    dayOffset: 14,
    hour: 17,
    minute: 30,
    minutes: 120,
    location: 'Mountain View Family Dental, 4012 W 12600 S, Riverton, UT',
    description:
      'An evening mixer hosted by Mountain View Family Dental. Light refreshments provided.',
  },
  {
    title: 'QuickBooks for Small Business (Workshop)',
    cover: 'workshop',
    dayOffset: 18,
    hour: 10,
    minutes: 90,
    location: 'Jordan River CPA Group, 3300 W 12600 S, Riverton, UT',
    description: 'A hands-on session on month-end closing. Laptops recommended.',
  },
  {
    title: 'Ribbon Cutting: Bright Path Tutoring',
    cover: 'ribbon',
    dayOffset: 22,
    hour: 15,
    minutes: 45,
    location: 'Bright Path Tutoring, 2150 W 12300 S, Riverton, UT',
    description: 'Welcome our newest education member to the neighborhood.',
  },
  {
    title: 'Holiday Lights Mixer',
    cover: 'holiday',
    dayOffset: 27,
    hour: 18,
    minutes: 120,
    location: 'Riverton Town Square, 12830 S Redwood Rd, Riverton, UT',
    description: 'Hot cocoa, carols and the lighting of the town square tree.',
  },
];

export interface SeedReport {
  lines: string[];
}

/**
 * Fills an empty database with a small-town chamber; running it again changes nothing. Given
 * the media storage, the elite member's gallery gets pictures too.
 */
export async function seedDemo(
  db: Database,
  now = new Date(),
  storage?: Storage,
): Promise<SeedReport> {
  const lines: string[] = [];

  const loc = await db.insert(chambers).values(chamber).onConflictDoNothing().returning();
  lines.push(loc.length ? `created location ${chamber.name}` : 'location already present');
  const cal = await db
    .insert(calendars)
    .values({
      id: CALENDAR_ID,
      locationId: LOCATION_ID,
      name: 'RACC Events',
      timezone: TIMEZONE,
      description:
        'Luncheons, ribbon cuttings and mixers of the Riverton Area Chamber of Commerce.',
    })
    .onConflictDoNothing()
    .returning();
  lines.push(cal.length ? 'created calendar RACC Events' : 'calendar already present');

  let createdContacts = 0;
  const roster = [...demoContacts, ...demoRoster];
  for (const c of roster) {
    const inserted = await db
      .insert(contacts)
      .values({
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        businessName: c.business,
        companyName: c.business,
        phone: c.phone,
        website: c.website ?? null,
        tagline: c.tagline,
        bio: c.bio ?? null,
        address1: c.address1,
        lat: c.pin.lat,
        lng: c.pin.lng,
        pinSource: 'geocoder',
        city: 'Riverton',
        state: 'UT',
        postalCode: '84065',
        memberSince: c.memberSince,
        membershipTier: c.tier,
        // The dues stories start from a membership not yet paid and pay it as members do.
        paymentStatus: duesStoryEmails.has(c.email) ? 'pending' : 'paid',
        specialties: c.specialties,
        couponCodes: c.couponCodes ?? [],
        socialLinks: 'socialLinks' in c ? (c.socialLinks ?? []) : [],
        openingHours: c.hours ? openingHoursSchema.parse(c.hours) : null,
      })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    createdContacts += inserted.length;
  }
  lines.push(
    `contacts: ${createdContacts} created, ${roster.length - createdContacts} already present`,
  );

  // Every demo business is listed under its trade's categories, as many as its plan allows;
  // a listing that already has categories keeps them.
  const categoryIds = await categoryIdsBySlug(db);
  const uncategorised = await db
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(
      sql`not exists (select 1 from ${contactCategories} cc where cc.contact_id = ${contacts.id})`,
    );
  const byEmail = new Map(uncategorised.map((c) => [c.email?.toLowerCase(), c.id]));
  const picks = roster.flatMap((c) => {
    const id = byEmail.get(c.email.toLowerCase());
    return id
      ? categoryRows(categoryIds, id, demoCategories(c.business, c.specialties, c.tier))
      : [];
  });
  if (picks.length > 0) await db.insert(contactCategories).values(picks).onConflictDoNothing();
  lines.push(
    `categories: ${picks.length} picks for ${new Set(picks.map((p) => p.contactId)).size} businesses`,
  );

  for (const account of demoAccounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${account.email})`);
    if (existing) {
      lines.push(`user ${account.email} already present (password unchanged)`);
      continue;
    }
    // A person of a business acts for it: the login trigger makes them one of its people.
    const [contact] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(sql`lower(${contacts.email}) = lower(${account.person?.of ?? account.email})`);
    await db.insert(users).values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      status: account.status ?? 'active',
      contactId: contact?.id ?? null,
    });
    lines.push(`created ${account.role} ${account.email}`);
  }

  lines.push(...(await seedDemoPeople(db)));
  lines.push(...(await seedDemoPaymentDetails(db)));
  lines.push(...(await seedDemoDues(db, now)));
  lines.push(...(await seedDemoDeals(db, now)));
  if (storage) lines.push(...(await seedDemoGallery(db, storage)));
  lines.push(...(await seedDemoJobs(db, now)));
  lines.push(...(await seedDemoNews(db, now)));
  lines.push(...(await seedDemoCelebrations(db, storage, now)));
  lines.push(...(await seedDemoSponsorships(db, storage, now)));
  lines.push(...(await seedDemoDrives(db, now)));
  // After deals and jobs: a listing with them gets views of them too.
  lines.push(...(await seedDemoYear(db, now)));

  const [seeded] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.calendarId, CALENDAR_ID), eq(events.internalNote, SEEDED_NOTE)));
  if ((seeded?.n ?? 0) > 0) {
    lines.push('events already present');
  } else {
    const [organizer] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.email, 'maria@sweetwaterbakery.example'));
    const today = zonedDate(now, TIMEZONE);
    for (const e of demoEvents) {
      const day = new Date(Date.UTC(today.year, today.month - 1, today.day + e.dayOffset));
      const start = zonedTimeToUtc(
        {
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate(),
          hour: e.hour,
          minute: e.minute ?? 0,
        },
        TIMEZONE,
      );
      let startTime = start;
      if (e.rrule) {
        // A weekly series starts on its first weekday (Tuesday) on or after the offset day.
        const shift = (2 - day.getUTCDay() + 7) % 7;
        startTime = new Date(start.getTime() + shift * 86_400_000);
        startTime = zonedTimeToUtc(
          { ...zonedDate(startTime, TIMEZONE), hour: e.hour, minute: e.minute ?? 0 },
          TIMEZONE,
        );
      }
      await db.insert(events).values({
        calendarId: CALENDAR_ID,
        title: e.title,
        description: e.description,
        calendarNotes: e.description,
        location: e.location,
        startTime,
        endTime: new Date(startTime.getTime() + e.minutes * 60_000),
        timezone: TIMEZONE,
        appointmentStatus: 'confirmed',
        internalNote: SEEDED_NOTE,
        contactId: organizer?.id ?? null,
        rrule: e.rrule ?? (e.monthly ? monthlyRuleFor(day) : null),
      });
    }
    lines.push(`created ${demoEvents.length} events (a weekly and a monthly series)`);
    await seedSoldOutEvent(db, today, organizer?.id ?? null);
    lines.push('created a sold-out event with a waiting list');
    await seedAnnualDinner(db, today, organizer?.id ?? null);
    lines.push('created the annual dinner, sold by the table of 8 and by the seat');
  }
  if (storage) {
    const covers = new Map<string, DemoCover>(demoEvents.map((e) => [e.title, e.cover]));
    covers.set(SOLD_OUT_TITLE, 'breakfast');
    covers.set(DINNER_TITLE, 'holiday');
    lines.push(...(await seedDemoEventCovers(db, storage, SEEDED_NOTE, covers)));
  }
  return { lines };
}

/**
 * The annual dinner, sold by ticket type: tables of 8 (ten of them, two to an order) and single
 * seats, each at a member and a visitor price, in a hall of 160 seats.
 */
async function seedAnnualDinner(
  db: Database,
  today: { year: number; month: number; day: number },
  contactId: string | null,
) {
  const startTime = zonedTimeToUtc(
    { year: today.year, month: today.month, day: today.day + 35, hour: 18, minute: 30 },
    TIMEZONE,
  );
  const [event] = await db
    .insert(events)
    .values({
      calendarId: CALENDAR_ID,
      title: DINNER_TITLE,
      description:
        'The year’s awards, dinner and a look ahead. Bring your team: tables of 8 or single seats.',
      calendarNotes: 'Tables of 8 or single seats; members pay less.',
      location: 'Riverton Event Center, 12660 S 1700 W, Riverton, UT',
      startTime,
      endTime: new Date(startTime.getTime() + 210 * 60_000),
      timezone: TIMEZONE,
      appointmentStatus: 'confirmed',
      internalNote: SEEDED_NOTE,
      contactId,
      capacity: 160,
      memberPriceCents: 7_500,
      priceCents: 10_000,
    })
    .returning();
  const [table, single] = await db
    .insert(eventTicketTypes)
    .values([
      {
        eventId: event!.id,
        name: 'Table of 8',
        memberPriceCents: 56_000,
        priceCents: 76_000,
        quantity: 10,
        perOrderLimit: 2,
        seatsPerTicket: 8,
        sortOrder: 0,
      },
      {
        eventId: event!.id,
        name: 'Single seat',
        memberPriceCents: 7_500,
        priceCents: 10_000,
        perOrderLimit: 8,
        seatsPerTicket: 1,
        sortOrder: 1,
      },
    ])
    .returning();
  await seedDinnerOrders(db, event!.id, table!, single!);
}

/**
 * Two demo orders of the dinner, as the order form makes them, for staff to see: a table of
 * 8 with its guests named (one of them still to come), and two single seats not named yet.
 */
async function seedDinnerOrders(
  db: Database,
  eventId: string,
  table: typeof eventTicketTypes.$inferSelect,
  single: typeof eventTicketTypes.$inferSelect,
) {
  const orders = [
    {
      buyer: { name: 'Robin Hale', email: 'robin@halebakery.example' },
      type: table,
      quantity: 1,
      names: [
        ['Robin Hale', 'Vegetarian'],
        ['Sam Hale', null],
        ['Jordan Reyes', 'No nuts'],
        ['Casey Morgan', null],
        ['Alex Chen', null],
        ['Taylor Brooks', 'Gluten-free'],
        ['Morgan Lee', null],
        [null, null],
      ] as [string | null, string | null][],
    },
    {
      buyer: { name: 'Pat Visitor', email: 'pat.visitor@example.org' },
      type: single,
      quantity: 2,
      names: [] as [string | null, string | null][],
    },
  ];
  for (const order of orders) {
    const seats = order.quantity * order.type.seatsPerTicket;
    const [registration] = await db
      .insert(eventRegistrations)
      .values({ eventId, ...order.buyer, guests: seats, seatStatus: 'confirmed' })
      .returning();
    const unitCents = order.type.priceCents ?? 0;
    await db.insert(eventOrderLines).values({
      registrationId: registration!.id,
      typeId: order.type.id,
      typeName: order.type.name,
      quantity: order.quantity,
      seatsPerTicket: order.type.seatsPerTicket,
      unitCents,
      lineCents: unitCents * order.quantity,
    });
    await db.insert(eventAttendees).values(
      Array.from({ length: seats }, (_, i) => ({
        registrationId: registration!.id,
        typeId: order.type.id,
        position: i + 1,
        name: order.names[i]?.[0] ?? null,
        dietaryNote: order.names[i]?.[1] ?? null,
        qrToken: randomBytes(18).toString('base64url'),
      })),
    );
    await db
      .update(eventTicketTypes)
      .set({ sold: sql`${eventTicketTypes.sold} + ${order.quantity}` })
      .where(eq(eventTicketTypes.id, order.type.id));
  }
}

/** A breakfast of 6 seats, all taken, with two parties waiting: the sold-out event to try. */
async function seedSoldOutEvent(
  db: Database,
  today: { year: number; month: number; day: number },
  contactId: string | null,
) {
  const startTime = zonedTimeToUtc(
    { year: today.year, month: today.month, day: today.day + 9, hour: 7, minute: 30 },
    TIMEZONE,
  );
  const [event] = await db
    .insert(events)
    .values({
      calendarId: CALENDAR_ID,
      title: SOLD_OUT_TITLE,
      description: 'A small round-table breakfast with the chamber board. Six seats only.',
      calendarNotes: 'Six seats only; join the waiting list if it is full.',
      location: 'Sweetwater Bakery, 1720 W 12600 S, Riverton, UT',
      startTime,
      endTime: new Date(startTime.getTime() + 90 * 60_000),
      timezone: TIMEZONE,
      appointmentStatus: 'confirmed',
      internalNote: SEEDED_NOTE,
      contactId,
      capacity: 6,
    })
    .returning();
  const party = (name: string, email: string, guests: number, seatStatus: string) => ({
    eventId: event!.id,
    name,
    email,
    guests,
    seatStatus,
  });
  // One at a time: the waiting list's order is the order of insertion.
  for (const row of [
    party('Dana Whitfield', 'dana@whitfieldflorist.example', 2, 'confirmed'),
    party('Luis Ortega', 'luis@ortegaplumbing.example', 3, 'confirmed'),
    party('Priya Shah', 'priya@shahdental.example', 1, 'confirmed'),
    party('Sam Becker', 'sam@beckerhardware.example', 2, 'waitlisted'),
    party('Ana Lima', 'ana@limadesign.example', 1, 'waitlisted'),
  ]) {
    await db.insert(eventRegistrations).values(row);
  }
}

/**
 * The roles, titles and listing choices of the demo businesses' people: a login set to act for
 * a business is made one of its people (an employee) by the database; this gives each its part.
 */
async function seedDemoPeople(db: Database): Promise<string[]> {
  let changed = 0;
  for (const account of demoAccounts) {
    if (!account.person) continue;
    const { of, role, title, shownOnListing = false } = account.person;
    const updated = await db
      .update(businessPeople)
      .set({ role, title, shownOnListing })
      .where(
        sql`${businessPeople.contactId} = (select id from ${contacts} where lower(email) = lower(${of}))
          and ${businessPeople.userId} = (select id from ${users} where lower(email) = lower(${account.email}))
          and (${businessPeople.role}, ${businessPeople.title}) is distinct from (${role}::business_role, ${title})`,
      )
      .returning({ id: businessPeople.id });
    changed += updated.length;
  }
  return changed > 0 ? [`people: ${changed} given their roles and titles`] : [];
}
