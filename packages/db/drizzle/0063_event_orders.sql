CREATE TABLE "event_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"email" text,
	"dietary_note" text,
	"qr_token" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"type_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"seats_per_ticket" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"line_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_order_lines_quantity_check" CHECK ("event_order_lines"."quantity" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_type_id_event_ticket_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_order_lines" ADD CONSTRAINT "event_order_lines_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_order_lines" ADD CONSTRAINT "event_order_lines_type_id_event_ticket_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_registration_idx" ON "event_attendees" USING btree ("registration_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendees_qr_key" ON "event_attendees" USING btree ("qr_token");--> statement-breakpoint
CREATE UNIQUE INDEX "event_order_lines_type_key" ON "event_order_lines" USING btree ("registration_id","type_id");--> statement-breakpoint
CREATE INDEX "event_order_lines_type_idx" ON "event_order_lines" USING btree ("type_id");