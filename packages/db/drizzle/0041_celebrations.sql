CREATE TABLE "celebration_ambassadors" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celebration_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebration_settings_single_row" CHECK ("celebration_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "celebrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"booked_by" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"description" text NOT NULL,
	"expected_guests" integer,
	"gallery_consent" boolean DEFAULT false NOT NULL,
	"staff_note" text,
	"event_id" uuid,
	"invoice_id" uuid,
	"reminded_early_at" timestamp with time zone,
	"reminded_late_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebrations_status_check" CHECK ("celebrations"."status" in ('pending', 'proposed', 'confirmed', 'declined', 'cancelled')),
	CONSTRAINT "celebrations_kind_check" CHECK ("celebrations"."kind" in ('ribbon_cutting', 'grand_opening', 'anniversary', 'groundbreaking'))
);
--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" ADD CONSTRAINT "celebration_ambassadors_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" ADD CONSTRAINT "celebration_ambassadors_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebrations" ADD CONSTRAINT "celebrations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebrations" ADD CONSTRAINT "celebrations_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebrations" ADD CONSTRAINT "celebrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "celebrations_slot_key" ON "celebrations" USING btree ("slot_start") WHERE "celebrations"."status" in ('pending', 'proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "celebrations_contact_idx" ON "celebrations" USING btree ("contact_id","slot_start");--> statement-breakpoint
CREATE INDEX "celebrations_status_idx" ON "celebrations" USING btree ("status","slot_start");