ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (contact_search_text(first_name, last_name, business_name, company_name, specialties)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (contact_sort_name(first_name, last_name, business_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_sort_name_idx" ON "contacts" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "contacts_tier_sort_idx" ON "contacts" USING btree ("membership_tier" DESC NULLS LAST,"sort_name","id");--> statement-breakpoint
CREATE INDEX "contacts_member_since_idx" ON "contacts" USING btree ("member_since","sort_name","id");