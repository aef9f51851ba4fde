ALTER TABLE "job_board_settings" ADD COLUMN "date_and_pay_changes_go_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "pending_change" jsonb;--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "change_submitted_at" timestamp with time zone;