/**
 * The values every layer shares: the API's enums, the web app's choices and the database's
 * enum types are all built from these lists. Plain arrays, no zod, so the database package
 * can read them without the API schemas (docs/decisions.md, "One list of values").
 */

export const roles = ['member', 'moderator', 'admin'] as const;
export const userStatuses = ['pending', 'active', 'suspended'] as const;
/** Stored tiers. The lowest is `standard`; the marketing pages call it Basic, and `basic` is accepted on input. */
export const membershipTiers = ['standard', 'enhanced', 'elite'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** Where an event stands in the booking workflow (spec §3 appointmentStatus). Default new. */
export const appointmentStatuses = ['new', 'scheduled', 'confirmed', 'cancelled'] as const;
/** The event's own status, as iCalendar knows it (STATUS). Default confirmed. */
export const eventStatuses = ['confirmed', 'tentative', 'cancelled'] as const;

export const mediaKinds = ['avatar', 'coverImage', 'eventCover', 'downloadFile'] as const;
export const submissionKinds = ['contact', 'business_of_month', 'customer_service'] as const;

export type Role = (typeof roles)[number];
export type UserStatus = (typeof userStatuses)[number];
export type MembershipTier = (typeof membershipTiers)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export type EventStatus = (typeof eventStatuses)[number];
export type MediaKind = (typeof mediaKinds)[number];
export type SubmissionKind = (typeof submissionKinds)[number];
