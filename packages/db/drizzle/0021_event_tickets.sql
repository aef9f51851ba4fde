ALTER TABLE "event_registrations" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "member_price_cents" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_payment" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_on_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_cutoff_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registrations_invoice_idx" ON "event_registrations" USING btree ("invoice_id") WHERE "event_registrations"."invoice_id" is not null;