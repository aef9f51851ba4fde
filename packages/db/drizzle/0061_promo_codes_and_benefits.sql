CREATE TABLE "benefit_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"benefit_id" uuid NOT NULL,
	"period" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_usage" (
	"contact_id" uuid NOT NULL,
	"benefit_id" uuid NOT NULL,
	"period" text NOT NULL,
	"used" integer NOT NULL,
	"allowance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefit_usage_contact_id_benefit_id_period_pk" PRIMARY KEY("contact_id","benefit_id","period"),
	CONSTRAINT "benefit_usage_used_check" CHECK ("benefit_usage"."used" >= 0 and "benefit_usage"."used" <= "benefit_usage"."allowance")
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"event_id" uuid,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"usage_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"members_only" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null) or ("promo_codes"."kind" = 'amount' and "promo_codes"."amount_off_cents" > 0 and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."usage_limit" is null or "promo_codes"."uses" <= "promo_codes"."usage_limit")),
	CONSTRAINT "promo_codes_window_check" CHECK ("promo_codes"."valid_from" is null or "promo_codes"."valid_until" is null or "promo_codes"."valid_from" < "promo_codes"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "ticket_benefits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "benefit_redemptions" ADD CONSTRAINT "benefit_redemptions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_usage" ADD CONSTRAINT "benefit_usage_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_redemptions_contact_idx" ON "benefit_redemptions" USING btree ("contact_id","benefit_id","period");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_idx" ON "promo_code_redemptions" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
-- The demo plans' ticket benefits, worded as their tier pages promise them: Basic's Fall
-- Festival booth for $30 until July 1st, Enhanced's one free luncheon ticket a month (not the
-- Annual Dinner); each level has the benefits of the levels below it.
UPDATE "membership_plans" SET "ticket_benefits" = '[{"id":"7c0d2a52-3c1e-4a8e-9b61-2f0f6b7a1b01","kind":"fixed_price","label":"Fall Festival booth for $30 (register by July 1st)","count":1,"period":"year","eventId":null,"eventTag":"Fall Festival","excludedEventIds":[],"ticketTypeId":null,"ticketTypeName":"booth","priceCents":3000,"until":"2027-07-01"}]'::jsonb WHERE "level" = 'standard';--> statement-breakpoint
UPDATE "membership_plans" SET "ticket_benefits" = '[{"id":"7c0d2a52-3c1e-4a8e-9b61-2f0f6b7a1b02","kind":"free_ticket","label":"One free luncheon ticket per month (not the Annual Dinner)","count":1,"period":"month","eventId":null,"eventTag":"luncheon","excludedEventIds":[],"ticketTypeId":null,"ticketTypeName":null,"priceCents":null,"until":null},{"id":"7c0d2a52-3c1e-4a8e-9b61-2f0f6b7a1b01","kind":"fixed_price","label":"Fall Festival booth for $30 (register by July 1st)","count":1,"period":"year","eventId":null,"eventTag":"Fall Festival","excludedEventIds":[],"ticketTypeId":null,"ticketTypeName":"booth","priceCents":3000,"until":"2027-07-01"}]'::jsonb WHERE "level" IN ('enhanced', 'elite');
