ALTER TABLE "event_seats" ADD COLUMN "parties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_seats" ADD COLUMN "waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Beside the seats taken, the counter row keeps the parties holding seats and the parties
-- waiting, so a registration's answer (seats left, counts, its place on the waiting list) is
-- read from the row its statement locks instead of counting every registration of the
-- occurrence after it.
INSERT INTO "event_seats" ("event_id", "occurrence_key", "taken", "parties", "waiting")
SELECT "event_id", "occurrence_key",
  coalesce(sum("guests") FILTER (WHERE "seat_status" IN ('confirmed', 'offered', 'held')), 0)::int,
  (count(*) FILTER (WHERE "seat_status" IN ('confirmed', 'offered', 'held')))::int,
  (count(*) FILTER (WHERE "seat_status" = 'waitlisted'))::int
FROM "event_registrations"
GROUP BY "event_id", "occurrence_key"
ON CONFLICT ("event_id", "occurrence_key") DO UPDATE
SET "taken" = excluded."taken", "parties" = excluded."parties", "waiting" = excluded."waiting";
--> statement-breakpoint
-- Every insert, delete and change of status, party size or occurrence moves the counters by
-- what the row counted for before and counts for after (an offer or hold past its time still
-- counts until it lapses, under the seat lock).
CREATE OR REPLACE FUNCTION "event_seats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_seats integer := 0;
  old_parties integer := 0;
  old_waiting integer := 0;
  new_seats integer := 0;
  new_parties integer := 0;
  new_waiting integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.seat_status IN ('confirmed', 'offered', 'held') THEN
      old_seats := OLD.guests;
      old_parties := 1;
    ELSIF OLD.seat_status = 'waitlisted' THEN
      old_waiting := 1;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.seat_status IN ('confirmed', 'offered', 'held') THEN
      new_seats := NEW.guests;
      new_parties := 1;
    ELSIF NEW.seat_status = 'waitlisted' THEN
      new_waiting := 1;
    END IF;
  END IF;
  -- Within one occurrence only the difference moves it (added through the upsert below, as a
  -- waiting party's occurrence may have no counter yet).
  IF TG_OP = 'UPDATE' AND OLD.event_id = NEW.event_id AND OLD.occurrence_key = NEW.occurrence_key THEN
    new_seats := new_seats - old_seats;
    new_parties := new_parties - old_parties;
    new_waiting := new_waiting - old_waiting;
    old_seats := 0;
    old_parties := 0;
    old_waiting := 0;
  END IF;
  IF old_seats <> 0 OR old_parties <> 0 OR old_waiting <> 0 THEN
    UPDATE "event_seats"
    SET "taken" = "taken" - old_seats, "parties" = "parties" - old_parties,
      "waiting" = "waiting" - old_waiting
    WHERE "event_id" = OLD.event_id AND "occurrence_key" = OLD.occurrence_key;
  END IF;
  IF new_seats <> 0 OR new_parties <> 0 OR new_waiting <> 0 THEN
    INSERT INTO "event_seats" ("event_id", "occurrence_key", "taken", "parties", "waiting")
    VALUES (NEW.event_id, NEW.occurrence_key, new_seats, new_parties, new_waiting)
    ON CONFLICT ("event_id", "occurrence_key")
    DO UPDATE SET "taken" = "event_seats"."taken" + excluded."taken",
      "parties" = "event_seats"."parties" + excluded."parties",
      "waiting" = "event_seats"."waiting" + excluded."waiting";
  END IF;
  RETURN NULL;
END
$$;
