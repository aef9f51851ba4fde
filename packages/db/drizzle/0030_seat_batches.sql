-- New registrations for one occurrence, taken in one statement under its seat lock, in the
-- order given: a rush of registrations for one event passes the lock once per batch instead of
-- once per party (each pass was a commit and a wake-up of the next waiting connection, and
-- the waiting connections did not get the lock in the order they asked for it).
--
-- The counter row is locked (made at 0 if need be). When an offer or hold has run out by the
-- latest instant of the batch, or a waiting party fits the seats left, nothing is written and
-- no row is answered: each party then takes the locked path, which settles the seats first.
-- Otherwise each party is inserted in turn, seated when it fits the seats left and waiting
-- otherwise; no waiting party can come to fit later in the batch, as the seats left only
-- shrink and a party only waits when it does not fit. A party whose address is registered
-- already is answered without an id (the locked path decides). Each answer carries the
-- counter row's counts before that party: a party counted there was queued before it.
CREATE OR REPLACE FUNCTION "take_seats_or_queue"(
  p_event uuid,
  p_occurrence text,
  p_capacity integer,
  p_parties jsonb
) RETURNS TABLE (
  "out_ord" integer,
  "out_id" uuid,
  "out_seat_status" text,
  "out_queued_at" bigint,
  "out_taken" integer,
  "out_parties" integer,
  "out_waiting" integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
  v_parties integer;
  v_waiting integer;
  v_latest timestamptz;
  v_fits boolean;
  v_id uuid;
  v_status text;
  v_queued bigint;
  party record;
BEGIN
  INSERT INTO "event_seats" AS s ("event_id", "occurrence_key") VALUES (p_event, p_occurrence)
  ON CONFLICT ("event_id", "occurrence_key") DO UPDATE SET "taken" = s."taken"
  RETURNING s."taken", s."parties", s."waiting" INTO v_taken, v_parties, v_waiting;

  SELECT max((p ->> 'at')::timestamptz) INTO v_latest FROM jsonb_array_elements(p_parties) p;
  IF EXISTS (
    SELECT 1 FROM "event_registrations" r
    WHERE r."event_id" = p_event AND r."occurrence_key" = p_occurrence
      AND r."seat_status" IN ('offered', 'held') AND r."hold_until" <= v_latest
  ) OR (p_capacity IS NOT NULL AND EXISTS (
    SELECT 1 FROM "event_registrations" r
    WHERE r."event_id" = p_event AND r."occurrence_key" = p_occurrence
      AND r."seat_status" = 'waitlisted' AND r."guests" <= p_capacity - v_taken
  )) THEN
    RETURN;
  END IF;

  FOR party IN
    SELECT x.*, e."ord"
    FROM jsonb_array_elements(p_parties) WITH ORDINALITY AS e("party", "ord"),
      jsonb_to_record(e."party") AS x("name" text, "email" text, "phone" text,
        "guests" integer, "notes" text, "user_id" uuid, "manage_token_hash" text,
        "at" timestamptz)
    ORDER BY e."ord"
  LOOP
    v_fits := p_capacity IS NULL OR v_taken + party."guests" <= p_capacity;
    INSERT INTO "event_registrations" AS r ("event_id", "occurrence_key", "name", "email",
      "phone", "guests", "notes", "user_id", "manage_token_hash", "seat_status", "created_at",
      "updated_at")
    VALUES (p_event, p_occurrence, party."name", party."email", party."phone", party."guests",
      party."notes", party."user_id", party."manage_token_hash",
      CASE WHEN v_fits THEN 'confirmed' ELSE 'waitlisted' END, party."at", party."at")
    ON CONFLICT DO NOTHING
    RETURNING r."id", r."seat_status", r."queued_at" INTO v_id, v_status, v_queued;
    out_ord := party."ord";
    out_taken := v_taken;
    out_parties := v_parties;
    out_waiting := v_waiting;
    IF FOUND THEN
      out_id := v_id;
      out_seat_status := v_status;
      out_queued_at := v_queued;
      IF v_fits THEN
        v_taken := v_taken + party."guests";
        v_parties := v_parties + 1;
      ELSE
        v_waiting := v_waiting + 1;
      END IF;
    ELSE
      out_id := NULL;
      out_seat_status := NULL;
      out_queued_at := NULL;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
