ALTER TABLE "campaign_recipients" ADD COLUMN "bounce_kind" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_recipients_email_idx" ON "campaign_recipients" USING btree ("email","sent_at");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_bounce_kind_check" CHECK ("campaign_recipients"."bounce_kind" is null or "campaign_recipients"."bounce_kind" in ('hard', 'soft', 'complaint'));