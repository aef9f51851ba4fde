ALTER TABLE "mail_outbox" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "subject" text;