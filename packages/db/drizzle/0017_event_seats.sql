-- Seats of events: a capacity per event (an override of an occurrence has its own), where each
-- registration stands (confirmed, held, offered until hold_until, waitlisted, lapsed), its
-- order of arrival for the waiting list, its check-in, and walk-ins, whose address may be ''
-- (so the one-registration-per-address index leaves '' out). The chamber sets how long an
-- offer of seats is kept; signing_keys holds the key check-in codes are signed with.
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "event_registrations_attendee_key";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "seat_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "seat_status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "queued_at" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
CREATE INDEX "event_registrations_seat_status_idx" ON "event_registrations" USING btree ("seat_status","hold_until") WHERE "event_registrations"."seat_status" in ('offered', 'held', 'waitlisted');--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_attendee_key" ON "event_registrations" USING btree ("event_id","occurrence_key",lower("email")) WHERE "event_registrations"."email" <> '';