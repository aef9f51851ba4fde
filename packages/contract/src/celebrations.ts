import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { celebrationKinds, celebrationStatuses } from './celebration-kinds.js';
import { galleryImageSchema } from './gallery.js';
import { GALLERY_CAPTION_MAX, GALLERY_URL_MESSAGE, PORTAL_IMAGE } from './gallery-limits.js';

/**
 * Ribbon cuttings and milestone celebrations (/celebrations, /admin/celebrations*): a member
 * business books one of the chamber's slots, staff confirm it (or propose another time, or
 * decline), and a confirmed one becomes a public event on the calendar.
 */

export const celebrationKindSchema = z.enum(celebrationKinds);
export type CelebrationKind = z.infer<typeof celebrationKindSchema>;

export const celebrationStatusSchema = z.enum(celebrationStatuses);
export type CelebrationStatus = z.infer<typeof celebrationStatusSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const line = (max: number) => z.string().trim().max(max);

export const celebrationKindRuleSchema = z.object({
  kind: celebrationKindSchema,
  /** Members may book it at all. */
  enabled: z.boolean(),
  /** Only members in their first year of membership may book it (ribbon cuttings). */
  newMembersOnly: z.boolean(),
});

export const blackoutSchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    note: line(200).default(''),
  })
  .refine((b) => b.from <= b.to, { message: 'A blackout ends on or after the day it starts.' });

/** The chamber's rules for celebrations: one row, staff's setting. */
export const celebrationSettingsSchema = z.object({
  kinds: z
    .array(celebrationKindRuleSchema)
    .max(celebrationKinds.length)
    .refine((rules) => new Set(rules.map((r) => r.kind)).size === rules.length, {
      message: 'Each kind is listed once.',
    }),
  /** Bookings a business may hold per calendar year (of the celebration's date). */
  perYear: z.number().int().min(1).max(12),
  /** The earliest a celebration may be booked: this many days from today. */
  noticeDays: z.number().int().min(0).max(365),
  /** How far ahead slots are offered, in days. */
  horizonDays: z.number().int().min(7).max(730),
  /** Weekdays allowed, 0 Sunday … 6 Saturday. */
  weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'Allow at least one weekday.').max(7),
  /** Start times allowed, HH:MM on the chamber's wall clock. */
  startTimes: z
    .array(z.string().regex(HHMM, 'A start time is HH:MM, 24-hour.'))
    .min(1, 'Allow at least one start time.')
    .max(24),
  lengthMinutes: z
    .number()
    .int()
    .min(15)
    .max(8 * 60),
  blackouts: z.array(blackoutSchema).max(100),
  /** What the chamber brings (scissors, banner, photographer). */
  checklist: z.array(line(200).min(1)).max(30),
  /** Invoiced through billing when confirmed; 0 for none. Cents of the chamber's currency. */
  feeCents: z.number().int().min(0).max(10_000_00),
  /** Bookings are confirmed as they are made, without staff. */
  autoConfirm: z.boolean(),
});
export type CelebrationSettings = z.infer<typeof celebrationSettingsSchema>;

export const celebrationSlotsQuerySchema = z.object({
  kind: celebrationKindSchema,
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});

export const celebrationSlotSchema = z.object({
  start: z.string().describe('ISO instant'),
  end: z.string(),
  /** The chamber's calendar day and wall-clock time of the start. */
  date: z.string(),
  time: z.string(),
});
export type CelebrationSlot = z.infer<typeof celebrationSlotSchema>;

export const celebrationSlotsSchema = z.object({
  kind: celebrationKindSchema,
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  slots: z.array(celebrationSlotSchema),
});
export type CelebrationSlots = z.infer<typeof celebrationSlotsSchema>;

export const bookCelebrationSchema = z.object({
  kind: celebrationKindSchema,
  slotStart: z.iso.datetime({ offset: true, message: 'slotStart is an ISO date and time.' }),
  /** Where it happens; blank: the listing's address. */
  address: line(300).optional(),
  description: line(2000).min(1, 'Say in a sentence what you are celebrating.'),
  expectedGuests: z.number().int().min(1).max(5000).nullable().optional(),
  /** Photos from the event may go to the listing's gallery. */
  galleryConsent: z.boolean().optional(),
});
export type BookCelebration = z.input<typeof bookCelebrationSchema>;

export const celebrationSchema = z.object({
  id: z.string(),
  kind: celebrationKindSchema,
  status: celebrationStatusSchema,
  start: z.string(),
  end: z.string(),
  timezone: z.string(),
  address: z.string(),
  description: z.string(),
  expectedGuests: z.number().nullable(),
  galleryConsent: z.boolean(),
  /** Staff's reason, when they declined or proposed another time. */
  staffNote: z.string().nullable(),
  /** The calendar event, once confirmed. */
  eventId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  business: z.object({ id: z.string(), name: z.string() }),
  /** Photos staff put on the event page once it took place, in the order shown. */
  photos: z.array(galleryImageSchema),
  createdAt: z.string(),
});
export type Celebration = z.infer<typeof celebrationSchema>;

/** How many photos of a celebration its event page shows. */
export const CELEBRATION_PHOTOS_MAX = 24;

/**
 * Staff's photos of a celebration that took place: the whole list in the order shown, each
 * uploaded to the portal first, with a caption (its alt text; '' for none). The same image
 * twice is kept once.
 */
export const celebrationPhotosInputSchema = z.object({
  photos: z
    .array(
      z.object({
        url: z.string().trim().max(500).regex(PORTAL_IMAGE, GALLERY_URL_MESSAGE),
        caption: z
          .string()
          .trim()
          .max(GALLERY_CAPTION_MAX, `A caption can be at most ${GALLERY_CAPTION_MAX} characters`),
      }),
    )
    .max(CELEBRATION_PHOTOS_MAX, `At most ${CELEBRATION_PHOTOS_MAX} photos`)
    .transform((images) =>
      images.filter((image, i) => images.findIndex((other) => other.url === image.url) === i),
    ),
});
export type CelebrationPhotosInput = z.input<typeof celebrationPhotosInputSchema>;

export const celebrationPhotosSchema = z.object({
  celebration: celebrationSchema,
  /**
   * How many of the photos went to the listing's gallery this time: none without the
   * business's consent, none when its plan has no gallery, none past the gallery's limit.
   */
  addedToGallery: z.number().int(),
  /** Why none went to the gallery, when that is the answer; null otherwise. */
  galleryNote: z.string().nullable(),
});
export type CelebrationPhotos = z.infer<typeof celebrationPhotosSchema>;

/** An event page's photos: those of the celebration the event is, or none. */
export const eventPhotosSchema = z.object({
  photos: z.array(galleryImageSchema),
  business: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EventPhotos = z.infer<typeof eventPhotosSchema>;

export const myCelebrationsSchema = z.object({
  celebrations: z.array(celebrationSchema),
  /** Whether this business may book now, and the kinds it may book. */
  mayBook: z.boolean(),
  refusal: z.string().nullable(),
  kinds: z.array(celebrationKindSchema),
  /** The listing's address, the booking's default. */
  listingAddress: z.string(),
  checklist: z.array(z.string()),
  feeCents: z.number(),
  currency: z.string(),
});
export type MyCelebrations = z.infer<typeof myCelebrationsSchema>;

export const celebrationQueueQuerySchema = z.object({
  status: celebrationStatusSchema.optional(),
});
export const celebrationQueueSchema = z.object({ celebrations: z.array(celebrationSchema) });
export type CelebrationQueue = z.infer<typeof celebrationQueueSchema>;

export const proposeCelebrationSchema = z.object({
  slotStart: z.iso.datetime({ offset: true, message: 'slotStart is an ISO date and time.' }),
  note: line(1000).optional(),
});
export const declineCelebrationSchema = z.object({
  reason: line(1000).min(1, 'Give the member a reason.'),
});

/** A business's confirmed celebrations still to come, for its member page. */
export const listingCelebrationsSchema = z.object({
  celebrations: z.array(
    z.object({
      id: z.string(),
      kind: celebrationKindSchema,
      start: z.string(),
      timezone: z.string(),
      eventId: z.string(),
    }),
  ),
});
export type ListingCelebrations = z.infer<typeof listingCelebrationsSchema>;

/** An ambassador: a person of a member business, mailed each confirmed celebration. */
export const ambassadorSchema = z.object({
  personId: z.string(),
  contactId: z.string().describe('Their business'),
  name: z.string(),
  businessName: z.string(),
  email: z.string().nullable(),
});
export const ambassadorListSchema = z.object({ ambassadors: z.array(ambassadorSchema) });
export type AmbassadorList = z.infer<typeof ambassadorListSchema>;
export const setAmbassadorSchema = z.object({ ambassador: z.boolean() });

/**
 * The rules a new portal starts with: ribbon cuttings for first-year members, one celebration
 * per business a year, booked six weeks ahead, at noon or 4 pm on weekdays, an hour long, none
 * over the year-end holidays, confirmed by staff, free.
 */
export const defaultCelebrationSettings: CelebrationSettings = {
  kinds: [
    { kind: 'ribbon_cutting', enabled: true, newMembersOnly: true },
    { kind: 'grand_opening', enabled: true, newMembersOnly: false },
    { kind: 'anniversary', enabled: true, newMembersOnly: false },
    { kind: 'groundbreaking', enabled: true, newMembersOnly: false },
  ],
  perYear: 1,
  noticeDays: 42,
  horizonDays: 365,
  weekdays: [1, 2, 3, 4, 5],
  startTimes: ['12:00', '16:00'],
  lengthMinutes: 60,
  blackouts: [
    { from: '2026-12-20', to: '2027-01-04', note: 'Holidays' },
    { from: '2027-12-20', to: '2028-01-04', note: 'Holidays' },
  ],
  checklist: ['Ceremonial scissors', 'Chamber banner', 'Photographer'],
  feeCents: 0,
  autoConfirm: false,
};

/** The longest window of slots one request may ask for, in days. */
export const CELEBRATION_SLOTS_MAX_DAYS = 92;
