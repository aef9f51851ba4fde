CREATE TYPE "public"."sponsor_level" AS ENUM('presenting', 'gold', 'silver');--> statement-breakpoint
CREATE TYPE "public"."sponsorship_payment" AS ENUM('online', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."sponsorship_status" AS ENUM('held', 'confirmed', 'lapsed');--> statement-breakpoint
ALTER TYPE "public"."invoice_purpose" ADD VALUE 'sponsorship';--> statement-breakpoint
CREATE TABLE "sponsorship_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"sale_starts_on" date,
	"sale_ends_on" date,
	"placements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_id" uuid,
	"level" "sponsor_level",
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_packages_price_check" CHECK ("sponsorship_packages"."price_cents" >= 0),
	CONSTRAINT "sponsorship_packages_quantity_check" CHECK ("sponsorship_packages"."quantity" >= 0),
	CONSTRAINT "sponsorship_packages_period_check" CHECK ("sponsorship_packages"."ends_on" >= "sponsorship_packages"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" "sponsorship_status" NOT NULL,
	"payment" "sponsorship_payment" NOT NULL,
	"invoice_id" uuid,
	"hold_until" timestamp with time zone,
	"sold_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsorship_packages" ADD CONSTRAINT "sponsorship_packages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_package_id_sponsorship_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sponsorship_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_sold_by_user_id_users_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsorships_package_idx" ON "sponsorships" USING btree ("package_id","status");--> statement-breakpoint
CREATE INDEX "sponsorships_contact_idx" ON "sponsorships" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "sponsorships_invoice_idx" ON "sponsorships" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "sponsorships_period_idx" ON "sponsorships" USING btree ("starts_on","ends_on");--> statement-breakpoint
-- The public packages page is kept per data version: a change or a sale bumps it.
CREATE CONSTRAINT TRIGGER "sponsorship_packages_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sponsorship_packages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER "sponsorship_packages_data_version_truncate" AFTER TRUNCATE ON "sponsorship_packages" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sponsorships_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sponsorships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER "sponsorships_data_version_truncate" AFTER TRUNCATE ON "sponsorships" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
