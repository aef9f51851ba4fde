CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "pin_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "geocode_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "geocode_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_pin_idx" ON "contacts" USING gist (point("lng", "lat")) WHERE "contacts"."lat" is not null;--> statement-breakpoint
CREATE INDEX "contacts_geocode_due_idx" ON "contacts" USING btree ("geocode_due_at") WHERE "contacts"."geocode_due_at" is not null;--> statement-breakpoint
-- An address that changes (by any path: the member page, the own profile, the roster import,
-- staff) takes its pin away and puts the listing in the geocoder's queue; a save that places
-- the pin itself (lat and lng in the same update) keeps it. A new contact with a street
-- address and no pin is queued too. "Due at once" is the epoch, before any retry's time, so
-- the queue does not depend on which clock wrote it.
CREATE FUNCTION contacts_address_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.lat IS NULL AND coalesce(btrim(NEW.address1), '') <> '' AND NEW.geocode_due_at IS NULL THEN
      NEW.geocode_due_at := 'epoch';
    END IF;
  ELSIF (NEW.address1, NEW.city, NEW.state, NEW.postal_code)
          IS DISTINCT FROM (OLD.address1, OLD.city, OLD.state, OLD.postal_code)
        AND (NEW.lat, NEW.lng) IS NOT DISTINCT FROM (OLD.lat, OLD.lng) THEN
    NEW.lat := NULL;
    NEW.lng := NULL;
    NEW.pin_source := NULL;
    NEW.geocode_attempts := 0;
    NEW.geocode_due_at := CASE WHEN coalesce(btrim(NEW.address1), '') <> '' THEN 'epoch'::timestamptz END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_address_changed BEFORE INSERT OR UPDATE ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_address_changed();
--> statement-breakpoint
-- Listings that already have a street address are geocoded once the portal runs.
UPDATE contacts SET geocode_due_at = 'epoch' WHERE coalesce(btrim(address1), '') <> '';
