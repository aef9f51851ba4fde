CREATE TYPE "public"."employment_type" AS ENUM('full_time', 'part_time', 'contract', 'temporary', 'internship', 'volunteer');--> statement-breakpoint
CREATE TYPE "public"."job_post_status" AS ENUM('draft', 'pending', 'approved', 'rejected', 'closed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."job_workplace" AS ENUM('on_site', 'hybrid', 'remote');--> statement-breakpoint
CREATE TYPE "public"."pay_period" AS ENUM('hour', 'day', 'week', 'month', 'year');--> statement-breakpoint
CREATE TABLE "job_board_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"members_publish_directly" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_board_settings_single_row" CHECK ("job_board_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "job_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"employment_type" "employment_type" NOT NULL,
	"workplace" "job_workplace" NOT NULL,
	"pay_min_cents" integer,
	"pay_max_cents" integer,
	"pay_period" "pay_period",
	"apply_url" text NOT NULL,
	"closes_on" date NOT NULL,
	"status" "job_post_status" DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_posts_pay_range" CHECK ("job_posts"."pay_min_cents" is null or "job_posts"."pay_max_cents" is null or "job_posts"."pay_min_cents" <= "job_posts"."pay_max_cents")
);
--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_posts_status_posted_idx" ON "job_posts" USING btree ("status","posted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "job_posts_contact_idx" ON "job_posts" USING btree ("contact_id");--> statement-breakpoint
-- The sitemap lists the open posts, kept per data version: a post's change raises it.
CREATE CONSTRAINT TRIGGER "job_posts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "job_posts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "job_posts_data_version_truncate" AFTER TRUNCATE ON "job_posts" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
