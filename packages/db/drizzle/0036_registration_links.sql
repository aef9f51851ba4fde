CREATE TABLE "registration_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_links_registration_id_index" ON "registration_links" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "ical_uid";--> statement-breakpoint
-- A registration's new manage link leaves the one it replaces working: the old hash is kept.
CREATE OR REPLACE FUNCTION keep_earlier_registration_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registration_links (token_hash, registration_id)
  VALUES (OLD.manage_token_hash, OLD.id)
  ON CONFLICT (token_hash) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_registrations_keep_earlier_link
  AFTER UPDATE OF manage_token_hash ON event_registrations
  FOR EACH ROW
  WHEN (OLD.manage_token_hash IS NOT NULL AND NEW.manage_token_hash IS NOT NULL
        AND OLD.manage_token_hash IS DISTINCT FROM NEW.manage_token_hash)
  EXECUTE FUNCTION keep_earlier_registration_link();
