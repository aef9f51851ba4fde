CREATE TABLE "event_seats" (
	"event_id" uuid NOT NULL,
	"occurrence_key" text NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_seats_event_id_occurrence_key_pk" PRIMARY KEY("event_id","occurrence_key")
);
--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registrations_waiting_idx" ON "event_registrations" USING btree ("event_id","occurrence_key","seat_status","guests") WHERE "event_registrations"."seat_status" in ('offered', 'held', 'waitlisted');--> statement-breakpoint
-- The seats taken of every occurrence with registrations, counted from the rows, so the
-- counter starts true; from here on the trigger keeps it so.
INSERT INTO "event_seats" ("event_id", "occurrence_key", "taken")
SELECT "event_id", "occurrence_key",
  coalesce(sum("guests") FILTER (WHERE "seat_status" IN ('confirmed', 'offered', 'held')), 0)::int
FROM "event_registrations"
GROUP BY "event_id", "occurrence_key";
--> statement-breakpoint
-- Every insert, delete and change of status, party size or occurrence moves the counter by
-- the seats the row held before and holds after. An offer or hold past its time still counts
-- until it lapses (under the seat lock), as the registration path's check for such rows
-- expects.
CREATE FUNCTION "event_seats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_seats integer := 0;
  after_seats integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.seat_status IN ('confirmed', 'offered', 'held') THEN
    before_seats := OLD.guests;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.seat_status IN ('confirmed', 'offered', 'held') THEN
    after_seats := NEW.guests;
  END IF;
  -- Within one occurrence only the difference moves it (added through the upsert below, as a
  -- waiting party's occurrence may have no counter yet).
  IF TG_OP = 'UPDATE' AND OLD.event_id = NEW.event_id AND OLD.occurrence_key = NEW.occurrence_key THEN
    after_seats := after_seats - before_seats;
    before_seats := 0;
    IF after_seats < 0 THEN
      before_seats := -after_seats;
      after_seats := 0;
    END IF;
  END IF;
  IF before_seats <> 0 THEN
    UPDATE "event_seats" SET "taken" = "taken" - before_seats
    WHERE "event_id" = OLD.event_id AND "occurrence_key" = OLD.occurrence_key;
  END IF;
  IF after_seats <> 0 THEN
    INSERT INTO "event_seats" ("event_id", "occurrence_key", "taken")
    VALUES (NEW.event_id, NEW.occurrence_key, after_seats)
    ON CONFLICT ("event_id", "occurrence_key")
    DO UPDATE SET "taken" = "event_seats"."taken" + excluded."taken";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_registrations_seats" AFTER INSERT OR DELETE OR UPDATE OF "seat_status", "guests", "event_id", "occurrence_key" ON "event_registrations" FOR EACH ROW EXECUTE FUNCTION "event_seats_follow"();
