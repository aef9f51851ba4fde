-- Listed by the membership alone: a membership that is pending (not yet paid, or held for
-- staff's approval) keeps its contact out of the directory, as a lapsed one does when the
-- chamber hides lapsed listings. The memberships module keeps `contacts.listed` so on every
-- change (contactStanding); here the same for a contact's first membership, made at commit by
-- the trigger, and for the rows on file.
CREATE OR REPLACE FUNCTION "membership_from_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
  started date;
  made_id uuid;
  made_plan uuid;
  made_status membership_status;
  made_through date;
  shown boolean;
BEGIN
  SELECT * INTO c FROM "contacts" WHERE "id" = NEW.id;
  IF NOT FOUND OR EXISTS (SELECT 1 FROM "memberships" WHERE "contact_id" = NEW.id) THEN
    RETURN NULL;
  END IF;
  started := least(coalesce(c.member_since, c.created_at::date, current_date), current_date);
  INSERT INTO "memberships" ("contact_id", "plan_id", "status", "started_on", "paid_through", "created_at", "updated_at")
  SELECT c.id, p.id,
    CASE c.payment_status WHEN 'paid' THEN 'active' WHEN 'pending' THEN 'pending'
      WHEN 'failed' THEN 'lapsed' ELSE 'cancelled' END::membership_status,
    CASE WHEN c.payment_status = 'pending' THEN NULL ELSE started END,
    CASE WHEN c.payment_status = 'paid' THEN
      (started + ((extract(year from age(current_date, started))::int + 1) * interval '1 year'))::date - 1
    END,
    c.created_at, c.created_at
  FROM "membership_plans" p WHERE p.level = c.membership_tier
  ON CONFLICT ("contact_id") DO NOTHING
  RETURNING "id", "plan_id", "status", "paid_through" INTO made_id, made_plan, made_status, made_through;
  IF made_through IS NOT NULL THEN
    INSERT INTO "membership_terms" ("membership_id", "plan_id", "starts_on", "ends_on")
    VALUES (made_id, made_plan, (made_through + 1 - interval '1 year')::date, made_through);
  END IF;
  IF made_id IS NOT NULL THEN
    -- contactStanding (memberships/view.ts) in SQL: listed while active or in grace, after a
    -- lapse or a cancellation as the chamber's setting says, never while pending.
    shown := CASE made_status
      WHEN 'active' THEN true
      WHEN 'pending' THEN false
      ELSE coalesce((SELECT s.lapsed_listing = 'basic' FROM "membership_settings" s WHERE s.id = 1), false)
    END;
    UPDATE "contacts" SET "listed" = shown WHERE "id" = c.id AND "listed" <> shown;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A roster the chamber imported is its members already (they were listed as such): their
-- memberships, made pending from the import's default, become active as a paid contact's
-- would have (through the day before the next anniversary of the member-since date). Only
-- contacts without a login and memberships never invoiced: nothing anyone joined or paid.
WITH roster AS (
  SELECT m.id, c.id AS contact_id,
    least(coalesce(c.member_since, c.created_at::date, current_date), current_date) AS started
  FROM "memberships" m
  JOIN "contacts" c ON c.id = m.contact_id
  WHERE m.status = 'pending' AND m.paid_through IS NULL
    AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.contact_id = c.id)
    AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i.membership_id = m.id)
), made AS (
  UPDATE "memberships" m
  SET "status" = 'active', "started_on" = r.started,
    "paid_through" = (r.started + ((extract(year from age(current_date, r.started))::int + 1) * interval '1 year'))::date - 1,
    "updated_at" = now()
  FROM roster r WHERE m.id = r.id
  RETURNING m.id, m.plan_id, m.paid_through, m.contact_id
), terms AS (
  INSERT INTO "membership_terms" ("membership_id", "plan_id", "starts_on", "ends_on")
  SELECT id, plan_id, (paid_through + 1 - interval '1 year')::date, paid_through FROM made
)
UPDATE "contacts" c SET "payment_status" = 'paid' FROM made WHERE c.id = made.contact_id;
--> statement-breakpoint
UPDATE "contacts" c SET "listed" = false
FROM "memberships" m
WHERE m.contact_id = c.id AND m.status = 'pending' AND c.listed;
