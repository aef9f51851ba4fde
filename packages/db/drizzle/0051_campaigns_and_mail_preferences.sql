CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"person_id" uuid,
	"contact_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_state_check" CHECK ("campaign_recipients"."state" in ('queued', 'sending', 'sent', 'bounced', 'failed', 'unsubscribed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"topic" text DEFAULT 'newsletter' NOT NULL,
	"audience" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"public" boolean DEFAULT false NOT NULL,
	"slug" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_state_check" CHECK ("campaigns"."state" in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
	CONSTRAINT "campaigns_topic_check" CHECK ("campaigns"."topic" in ('newsletter', 'announcements', 'event-news'))
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"email" text PRIMARY KEY NOT NULL,
	"newsletter_opt_out" boolean DEFAULT false NOT NULL,
	"announcements_opt_out" boolean DEFAULT false NOT NULL,
	"event_news_opt_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "mail_suppressions_reason_check" CHECK ("mail_suppressions"."reason" in ('hard-bounce', 'complaint', 'soft-bounces', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_email_key" ON "campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queued_idx" ON "campaign_recipients" USING btree ("campaign_id","id") WHERE "campaign_recipients"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_key" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."state" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_active_key" ON "mail_suppressions" USING btree ("email") WHERE "mail_suppressions"."lifted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_key" ON "newsletter_subscribers" USING btree ("confirm_token_hash");