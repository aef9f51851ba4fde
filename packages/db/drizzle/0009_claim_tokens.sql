-- The claim token of the existing-contact sign-up: a correct code earns a random token (only
-- its SHA-256 is kept) bound to the address and the contact it proved, and the registration
-- must bring it back. The index serves the clean-up of expired codes.
ALTER TABLE "email_codes" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_expires_at_index" ON "email_codes" USING btree ("expires_at");