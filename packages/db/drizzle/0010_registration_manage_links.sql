-- The manage link of an event registration: the confirmation mail carries a random token (only
-- its SHA-256 is kept) that lets the registrant change or cancel without an account. Rows
-- registered before this have none until their next mail.
ALTER TABLE "event_registrations" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_manage_token_key" ON "event_registrations" USING btree ("manage_token_hash") WHERE "event_registrations"."manage_token_hash" is not null;