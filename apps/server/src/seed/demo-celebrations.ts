import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  celebrationKindLabels,
  dateKeyIn,
  defaultCelebrationSettings,
  localDateTime,
  weekdayOf,
  zonedTimeToUtc,
} from '@chamber/contract';
import {
  businessPeople,
  celebrationAmbassadors,
  celebrations,
  contacts,
  type Database,
  events,
  users,
} from '@chamber/db';
import type { Storage } from '../lib/storage.js';
import { CALENDAR_ID, TIMEZONE } from './demo-data.js';
import { type DemoCover, storeDemoPicture } from './demo-event-covers.js';

interface DemoCelebration {
  email: string;
  kind: 'ribbon_cutting' | 'grand_opening' | 'anniversary';
  status: 'confirmed' | 'pending';
  /** Days from today, moved on to the next weekday the default rules allow. */
  inDays: number;
  description: string;
  /** Staff's photos on its event page, once it took place. */
  photos?: { drawing: DemoCover; caption: string }[];
}

/**
 * One confirmed ribbon cutting on the calendar, one grand opening waiting for staff, and an
 * anniversary that took place, its photos on its event page.
 */
const demoCelebrations: DemoCelebration[] = [
  {
    email: 'nora@fischerphotography.example',
    kind: 'ribbon_cutting',
    status: 'confirmed',
    inDays: 50,
    description: 'Fischer Photography opens its new studio on Main Street.',
  },
  {
    email: 'gordon@lundprintandsign.example',
    kind: 'grand_opening',
    status: 'pending',
    inDays: 57,
    description: 'Lund Print & Sign celebrates its bigger shop and new wide-format printer.',
  },
  {
    email: 'grace@mountainviewdental.example',
    kind: 'anniversary',
    status: 'confirmed',
    inDays: -24,
    description: 'Mountain View Dental celebrates twenty-five years of smiles in Riverton.',
    photos: [
      { drawing: 'ribbon', caption: 'Dr. Grace Whitaker cuts the anniversary ribbon' },
      {
        drawing: 'after-hours',
        caption: 'Toasting twenty-five years with patients and neighbours',
      },
      { drawing: 'luncheon', caption: 'Cake for everyone in the waiting room' },
    ],
  },
];

/** Members' people the chamber has made ambassadors: mailed each confirmed celebration. */
const demoAmbassadors = ['maria@sweetwaterbakery.example', 'priya@jordanrivercpa.example'];

/** The first day from `day` on that the default rules allow (a weekday, no blackout). */
function allowedDay(day: string): string {
  const rules = defaultCelebrationSettings;
  let d = day;
  while (
    !rules.weekdays.includes(weekdayOf(d)) ||
    rules.blackouts.some((b) => b.from <= d && d <= b.to)
  ) {
    d = addDays(d, 1);
  }
  return d;
}

/** The demo celebrations, each added once (found again by its business and kind). */
export async function seedDemoCelebrations(
  db: Database,
  storage: Storage | undefined,
  now: Date,
): Promise<string[]> {
  const today = dateKeyIn(now, TIMEZONE);
  let created = 0;
  for (const demo of demoCelebrations) {
    const [contact] = await db
      .select({
        id: contacts.id,
        userId: users.id,
        name: contacts.businessName,
        address1: contacts.address1,
        city: contacts.city,
        state: contacts.state,
      })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.primaryUserId))
      .where(sql`lower(${contacts.email}) = ${demo.email}`);
    if (!contact) continue;
    const [existing] = await db
      .select({ id: celebrations.id })
      .from(celebrations)
      .where(and(eq(celebrations.contactId, contact.id), eq(celebrations.kind, demo.kind)));
    if (existing) continue;
    const start = zonedTimeToUtc(
      localDateTime(allowedDay(addDays(today, demo.inDays)), '12:00'),
      TIMEZONE,
    );
    const end = new Date(start.getTime() + defaultCelebrationSettings.lengthMinutes * 60_000);
    const address = [contact.address1, contact.city, contact.state].filter(Boolean).join(', ');
    const label = celebrationKindLabels[demo.kind];
    let eventId: string | null = null;
    if (demo.status === 'confirmed') {
      const [event] = await db
        .insert(events)
        .values({
          calendarId: CALENDAR_ID,
          title: `${label}: ${contact.name}`,
          description: `${demo.description}\n\n${label} of ${contact.name}, a member of the chamber.`,
          location: address,
          startTime: start,
          endTime: end,
          timezone: TIMEZONE,
          appointmentStatus: 'confirmed',
          calendarNotes: label,
          contactId: contact.id,
          createdBy: contact.userId,
        })
        .returning({ id: events.id });
      eventId = event!.id;
    }
    await db.insert(celebrations).values({
      contactId: contact.id,
      bookedBy: contact.userId,
      kind: demo.kind,
      status: demo.status,
      slotStart: start,
      slotEnd: end,
      address,
      description: demo.description,
      expectedGuests: 40,
      galleryConsent: true,
      eventId,
      // Photos need the media storage (a seed without it leaves them out).
      photos: await Promise.all(
        (storage ? (demo.photos ?? []) : []).map(async (p, i) => ({
          url: await storeDemoPicture(db, storage!, p.drawing, `demo-celebration-${i + 1}.jpg`),
          caption: p.caption,
        })),
      ),
      createdAt: now,
      updatedAt: now,
    });
    created++;
  }
  const people = await db
    .select({ personId: businessPeople.id })
    .from(businessPeople)
    .where(inArray(sql`lower(${businessPeople.email})`, demoAmbassadors));
  const ambassadors = people.length
    ? await db
        .insert(celebrationAmbassadors)
        .values(people.map((p) => ({ ...p, createdAt: now })))
        .onConflictDoNothing()
        .returning({ personId: celebrationAmbassadors.personId })
    : [];
  return [
    `celebrations: ${created} created, ${demoCelebrations.length - created} already present`,
    `celebration ambassadors: ${ambassadors.length} added`,
  ];
}
