ALTER TABLE "stripe_events" ADD COLUMN "object_id" text;--> statement-breakpoint
CREATE INDEX "stripe_events_object_id_created_at_idx" ON "stripe_events" USING btree ("object_id","created_at");