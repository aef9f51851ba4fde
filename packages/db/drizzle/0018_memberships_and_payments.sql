-- Memberships for every contact: the directory's listed flag (a lapsed membership leaves the
-- directory when the chamber says so), the dues mails' sent mark, and a membership for each
-- contact on file and for each contact added later (roster imports, sign-ups, staff), made from
-- the contact's tier and payment status so nothing a member sees changes.
ALTER TABLE "contacts" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_notices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dues_notices_unmailed_idx" ON "dues_notices" USING btree ("sent_at") WHERE "dues_notices"."mailed_at" is null;
--> statement-breakpoint
-- What a contact's tier and payment status say of its membership. A paid one is paid through
-- the day before the next anniversary of its member-since date (or of the day it was added).
-- Deferred to the commit, and made from the contact as it then stands: a restore, which
-- inserts the contacts and then their memberships from the backup, ends up with the backup's.
CREATE FUNCTION "membership_from_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
  started date;
  made_id uuid;
  made_plan uuid;
  made_through date;
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
  RETURNING "id", "plan_id", "paid_through" INTO made_id, made_plan, made_through;
  IF made_through IS NOT NULL THEN
    INSERT INTO "membership_terms" ("membership_id", "plan_id", "starts_on", "ends_on")
    VALUES (made_id, made_plan, (made_through + 1 - interval '1 year')::date, made_through);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_membership" AFTER INSERT ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "membership_from_contact"();
--> statement-breakpoint
INSERT INTO "memberships" ("contact_id", "plan_id", "status", "started_on", "paid_through", "created_at", "updated_at")
SELECT c.id, p.id,
  CASE c.payment_status WHEN 'paid' THEN 'active' WHEN 'pending' THEN 'pending'
    WHEN 'failed' THEN 'lapsed' ELSE 'cancelled' END::membership_status,
  CASE WHEN c.payment_status = 'pending' THEN NULL ELSE s.started END,
  CASE WHEN c.payment_status = 'paid' THEN
    (s.started + ((extract(year from age(current_date, s.started))::int + 1) * interval '1 year'))::date - 1
  END,
  c.created_at, c.created_at
FROM "contacts" c
JOIN "membership_plans" p ON p.level = c.membership_tier
CROSS JOIN LATERAL (SELECT least(coalesce(c.member_since, c.created_at::date), current_date) AS started) s
ON CONFLICT ("contact_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "membership_terms" ("membership_id", "plan_id", "starts_on", "ends_on")
SELECT m.id, m.plan_id, (m.paid_through + 1 - interval '1 year')::date, m.paid_through
FROM "memberships" m WHERE m.paid_through IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "membership_terms" t WHERE t.membership_id = m.id);
--> statement-breakpoint
-- The plans and the dues settings (their currency) raise the data version too, so the public
-- answer of GET /membership-plans can be kept until an admin edits a plan.
CREATE CONSTRAINT TRIGGER "membership_plans_data_version" AFTER INSERT OR UPDATE OR DELETE ON "membership_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "membership_settings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "membership_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "membership_plans_data_version_truncate" AFTER TRUNCATE ON "membership_plans" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "membership_settings_data_version_truncate" AFTER TRUNCATE ON "membership_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "object_id" text;--> statement-breakpoint
CREATE INDEX "stripe_events_object_id_created_at_idx" ON "stripe_events" USING btree ("object_id","created_at");
