CREATE TABLE "sponsor_placement_days" (
	"sponsorship_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sponsor_placement_days_sponsorship_id_slot_day_pk" PRIMARY KEY("sponsorship_id","slot","day")
);
--> statement-breakpoint
CREATE TABLE "sponsorship_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"hold_unpaid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_settings_single_row" CHECK ("sponsorship_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "logo_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "sponsor_placement_days" ADD CONSTRAINT "sponsor_placement_days_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The live placements are kept per data version: a change of the setting bumps it. The daily
-- counts do not (they change all day and no kept answer reads them).
CREATE CONSTRAINT TRIGGER "sponsorship_settings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sponsorship_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE TRIGGER "sponsorship_settings_data_version_truncate" AFTER TRUNCATE ON "sponsorship_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
