-- Occurrence ids retired by series edits, each with the occurrence that replaced it, so links
-- already mailed or bookmarked keep opening it; the iCalendar UID a split-off series keeps.
-- Reminders: hours before an event its registrants are reminded (null: none; events already
-- on the calendar get the default 24), and one row per reminder sent, which two processes
-- cannot both insert.
CREATE TABLE "event_redirects" (
	"retired_id" text PRIMARY KEY NOT NULL,
	"successor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_reminders" (
	"registration_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_reminders_registration_id_starts_at_pk" PRIMARY KEY("registration_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ical_uid" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_hours" integer DEFAULT 24;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_redirects_successor_id_index" ON "event_redirects" USING btree ("successor_id");