CREATE TABLE "drive_prospects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'contacted' NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_step_on" date,
	"pledge_cents" integer,
	"pledge_description" text,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_prospects_status_check" CHECK ("drive_prospects"."status" in ('contacted', 'pledged', 'invoiced', 'paid')),
	CONSTRAINT "drive_prospects_pledge_check" CHECK ("drive_prospects"."status" = 'contacted' or ("drive_prospects"."pledge_cents" > 0 and "drive_prospects"."pledge_description" is not null)),
	CONSTRAINT "drive_prospects_invoice_check" CHECK ("drive_prospects"."status" not in ('invoiced', 'paid') or "drive_prospects"."invoice_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "drive_volunteers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_id" uuid NOT NULL,
	"person_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_volunteers_one_check" CHECK (num_nonnulls("drive_volunteers"."person_id", "drive_volunteers"."user_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "sponsorship_drives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"goal_cents" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_drives_goal_check" CHECK ("sponsorship_drives"."goal_cents" > 0),
	CONSTRAINT "sponsorship_drives_dates_check" CHECK ("sponsorship_drives"."ends_on" >= "sponsorship_drives"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "drive_prospects" ADD CONSTRAINT "drive_prospects_drive_id_sponsorship_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."sponsorship_drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_prospects" ADD CONSTRAINT "drive_prospects_volunteer_id_drive_volunteers_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."drive_volunteers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_prospects" ADD CONSTRAINT "drive_prospects_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_prospects" ADD CONSTRAINT "drive_prospects_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_volunteers" ADD CONSTRAINT "drive_volunteers_drive_id_sponsorship_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."sponsorship_drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_volunteers" ADD CONSTRAINT "drive_volunteers_person_id_business_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."business_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_volunteers" ADD CONSTRAINT "drive_volunteers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_prospects_drive_idx" ON "drive_prospects" USING btree ("drive_id","status");--> statement-breakpoint
CREATE INDEX "drive_prospects_volunteer_idx" ON "drive_prospects" USING btree ("volunteer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_prospects_invoice_key" ON "drive_prospects" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_volunteers_person_key" ON "drive_volunteers" USING btree ("drive_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_volunteers_user_key" ON "drive_volunteers" USING btree ("drive_id","user_id");