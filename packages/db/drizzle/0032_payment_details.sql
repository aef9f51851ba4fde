ALTER TABLE "membership_settings" ADD COLUMN "payee" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_settings" ADD COLUMN "mailing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_settings" ADD COLUMN "bank_details" text DEFAULT '' NOT NULL;