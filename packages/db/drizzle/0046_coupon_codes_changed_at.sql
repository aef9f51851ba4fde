ALTER TABLE "contacts" ADD COLUMN "coupon_codes_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "contacts" SET "coupon_codes_changed_at" = "updated_at";
--> statement-breakpoint
CREATE FUNCTION contacts_coupon_codes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.coupon_codes_changed_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_coupon_codes_changed BEFORE UPDATE OF coupon_codes ON "contacts"
  FOR EACH ROW WHEN (OLD.coupon_codes IS DISTINCT FROM NEW.coupon_codes)
  EXECUTE FUNCTION contacts_coupon_codes_changed();
