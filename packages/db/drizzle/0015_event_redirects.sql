-- Occurrence ids retired by series edits, each with the occurrence that replaced it, so links
-- already mailed or bookmarked keep opening it; and the iCalendar UID a split-off series keeps.
CREATE TABLE "event_redirects" (
	"retired_id" text PRIMARY KEY NOT NULL,
	"successor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ical_uid" uuid;--> statement-breakpoint
CREATE INDEX "event_redirects_successor_id_index" ON "event_redirects" USING btree ("successor_id");