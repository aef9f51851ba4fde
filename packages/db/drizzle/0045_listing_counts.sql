CREATE TYPE "public"."listing_count_kind" AS ENUM('listing_view', 'website_click', 'phone_click', 'deal_view', 'job_view', 'apply_click');--> statement-breakpoint
CREATE TABLE "listing_counts" (
	"contact_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" "listing_count_kind" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "listing_counts_contact_id_day_kind_pk" PRIMARY KEY("contact_id","day","kind"),
	CONSTRAINT "listing_counts_positive" CHECK ("listing_counts"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_counts" ADD CONSTRAINT "listing_counts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;