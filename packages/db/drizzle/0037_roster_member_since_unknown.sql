-- A contact added as paid without a 'member since' is a roster row the chamber imported
-- without a join date: a member already, since a day nobody gave. Its first term (written
-- here, from the day it was added) is not when it joined, so its 'member since' stays
-- unknown (null) instead of becoming the import day. Every other way a membership starts
-- (a join paid online or by check, staff's approval of a held join) still gives a contact
-- without a date the first day of its first paid term.
CREATE OR REPLACE FUNCTION "member_since_from_term"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the membership's first term: a renewal is no start, and an unknown date stays so.
  IF EXISTS (
    SELECT 1 FROM "membership_terms" t
    WHERE t.membership_id = NEW.membership_id AND t.id <> NEW.id
  ) THEN
    RETURN NULL;
  END IF;
  UPDATE "contacts" c SET "member_since" = NEW.starts_on
  FROM "memberships" m
  WHERE m.id = NEW.membership_id AND c.id = m.contact_id AND c.member_since IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
    -- A contact added as paid without a date joined before, on a day not given: the term's
    -- trigger (member_since_from_term) must not make the day it was added its join date.
    IF c.member_since IS NULL THEN
      UPDATE "contacts" SET "member_since" = NULL WHERE "id" = c.id AND "member_since" IS NOT NULL;
    END IF;
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
-- Roster rows already on file that got the day they were added (or its anniversary) from
-- their first term: a contact without a login whose membership was never invoiced, whose
-- 'member since' is the start of its first term, granted without an invoice, and falls on
-- the day it was added or an anniversary of it. A join date the roster gave is earlier than
-- that day, so it is kept.
UPDATE "contacts" c SET "member_since" = NULL
FROM "memberships" m
JOIN LATERAL (
  SELECT t.starts_on, t.invoice_id FROM "membership_terms" t
  WHERE t.membership_id = m.id ORDER BY t.starts_on, t.created_at LIMIT 1
) f ON true
WHERE m.contact_id = c.id
  AND c.member_since IS NOT NULL
  AND f.invoice_id IS NULL
  AND f.starts_on = c.member_since
  AND c.member_since >= c.created_at::date
  AND to_char(c.member_since, 'MM-DD') = to_char(c.created_at::date, 'MM-DD')
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.contact_id = c.id)
  AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i.membership_id = m.id);
