-- Membership dues: plans (the three levels' names, prices and benefits as data), the chamber's
-- dues settings, memberships with their terms and history, invoices with gapless yearly numbers
-- and lines that cannot change once issued, payments and refunds, Stripe events handled once,
-- and the dues mails sent once each.
CREATE TYPE "public"."dues_notice_kind" AS ENUM('renewal_reminder', 'auto_charge_notice', 'charge_failed', 'grace', 'lapsed');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."invoice_purpose" AS ENUM('membership_join', 'membership_renewal', 'membership_upgrade', 'event_ticket', 'other');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('open', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."lapsed_listing" AS ENUM('hidden', 'basic');--> statement-breakpoint
CREATE TYPE "public"."membership_event_kind" AS ENUM('joined', 'approved', 'term_paid', 'upgraded', 'downgrade_scheduled', 'downgraded', 'plan_changed', 'auto_renew_on', 'auto_renew_off', 'charge_failed', 'grace', 'lapsed', 'restored', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."membership_status" AS ENUM('pending', 'active', 'grace', 'lapsed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'check', 'cash', 'bank_transfer', 'other');--> statement-breakpoint
CREATE TYPE "public"."term_rule" AS ENUM('anniversary', 'calendar_year');--> statement-breakpoint
CREATE TABLE "dues_notices" (
	"membership_id" uuid NOT NULL,
	"kind" "dues_notice_kind" NOT NULL,
	"paid_through" date NOT NULL,
	"days_before" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dues_notices_membership_id_kind_paid_through_days_before_pk" PRIMARY KEY("membership_id","kind","paid_through","days_before")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"kind" "invoice_kind" DEFAULT 'invoice' NOT NULL,
	"status" "invoice_status" DEFAULT 'open' NOT NULL,
	"purpose" "invoice_purpose" NOT NULL,
	"purpose_detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_id" uuid,
	"membership_id" uuid,
	"bill_to" jsonb NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"replaces_invoice_id" uuid,
	"credits_invoice_id" uuid,
	"stripe_checkout_session_id" text,
	"stripe_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_nonnegative" CHECK ("invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"kind" "membership_event_kind" NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" "membership_tier" NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_price_nonnegative" CHECK ("membership_plans"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"term_rule" "term_rule" DEFAULT 'anniversary' NOT NULL,
	"grace_days" smallint DEFAULT 30 NOT NULL,
	"reminder_days" smallint[] DEFAULT '{30,14,1}'::smallint[] NOT NULL,
	"auto_charge_notice_days" smallint DEFAULT 7 NOT NULL,
	"invoice_due_days" smallint DEFAULT 30 NOT NULL,
	"staff_approve_new_members" boolean DEFAULT false NOT NULL,
	"lapsed_listing" "lapsed_listing" DEFAULT 'hidden' NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_settings_single_row" CHECK ("membership_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "membership_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" "membership_status" DEFAULT 'pending' NOT NULL,
	"started_on" date,
	"paid_through" date,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"next_plan_id" uuid,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"card_brand" text,
	"card_last4" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "payment_kind" DEFAULT 'payment' NOT NULL,
	"invoice_id" uuid NOT NULL,
	"refund_of_payment_id" uuid,
	"credit_note_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by_user_id" uuid,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues_notices" ADD CONSTRAINT "dues_notices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_next_plan_id_membership_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_id_position_index" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_stripe_checkout_session_id_key" ON "invoices" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_stripe_invoice_id_key" ON "invoices" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_contact_id_issued_on_index" ON "invoices" USING btree ("contact_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_membership_id_index" ON "invoices" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_on_index" ON "invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "membership_events_membership_id_at_index" ON "membership_events" USING btree ("membership_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_level_key" ON "membership_plans" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_slug_key" ON "membership_plans" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "membership_terms_membership_id_starts_on_index" ON "membership_terms" USING btree ("membership_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_terms_invoice_id_index" ON "membership_terms" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_contact_id_key" ON "memberships" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_stripe_subscription_id_key" ON "memberships" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "memberships_status_paid_through_idx" ON "memberships" USING btree ("status","paid_through");--> statement-breakpoint
CREATE INDEX "memberships_paid_through_idx" ON "memberships" USING btree ("paid_through");--> statement-breakpoint
CREATE INDEX "payments_invoice_id_index" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_received_on_index" ON "payments" USING btree ("received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_refund_id_key" ON "payments" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_payment_intent_id_key" ON "payments" USING btree ("stripe_payment_intent_id") WHERE kind = 'payment';

--> statement-breakpoint
INSERT INTO "membership_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "membership_plans" ("level", "name", "slug", "description", "price_cents", "benefits", "highlights", "featured", "sort_order") VALUES
('standard', 'Basic', 'basic', 'Get your business listed and start meeting the local business community.', 30000,
 ARRAY['Listing in the member directory', 'Chamber newsletter', 'Fall Festival booth for $30 (register by July 1st)', 'Discounted education courses, offered quarterly', 'Networking at chamber luncheons', 'Sponsorship opportunities'],
 ARRAY['Listing in the member directory', 'Chamber newsletter', 'Fall Festival booth for $30', 'Discounted education courses, quarterly', 'Networking at chamber luncheons'],
 false, 0),
('enhanced', 'Enhanced', 'enhanced', 'Stand out in the directory and get a seat at the monthly luncheon.', 55000,
 ARRAY['Website link in your directory listing', 'One free luncheon ticket per month (not the Annual Dinner)', 'A yearly feature in the local newspaper', 'Address map on your listing', 'Business bio on your listing'],
 ARRAY['Everything in Basic', 'Website link, business bio and address map', 'One free luncheon ticket per month', 'A yearly feature in the local newspaper'],
 true, 1),
('elite', 'Elite', 'elite', 'Maximum visibility across radio, luncheons and the member directory.', 90000,
 ARRAY['A yearly radio spotlight', 'Luncheon placemat ad', 'Social media links on your listing', 'Free luncheon sponsorship once a year', 'Cover image on your listing', 'Coupon uploads for members and visitors', 'Business image gallery'],
 ARRAY['Everything in Basic and Enhanced', 'A yearly radio spotlight and a luncheon placemat ad', 'Free luncheon sponsorship once a year', 'Cover image, coupons, social links and a gallery'],
 false, 2)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- An issued invoice is a record: its number, addressee, amounts and lines never change.
CREATE FUNCTION "invoice_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'invoice lines cannot change once issued' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.number IS DISTINCT FROM OLD.number OR NEW.year IS DISTINCT FROM OLD.year
     OR NEW.sequence IS DISTINCT FROM OLD.sequence OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.purpose IS DISTINCT FROM OLD.purpose OR NEW.purpose_detail IS DISTINCT FROM OLD.purpose_detail
     OR NEW.contact_id IS DISTINCT FROM OLD.contact_id AND NEW.contact_id IS NOT NULL
     OR NEW.bill_to IS DISTINCT FROM OLD.bill_to OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.total_cents IS DISTINCT FROM OLD.total_cents OR NEW.issued_on IS DISTINCT FROM OLD.issued_on
     OR NEW.due_on IS DISTINCT FROM OLD.due_on
     OR (OLD.status = 'void' AND NEW.status IS DISTINCT FROM 'void') THEN
    RAISE EXCEPTION 'an issued invoice cannot change (void it and issue another)' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoice_is_immutable"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_immutable" BEFORE UPDATE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION "invoice_is_immutable"();
