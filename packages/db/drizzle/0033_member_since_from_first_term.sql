-- A member's 'member since' is the first day of their first paid term, whichever way the
-- membership started (an online join, an invoice paid by check, staff's approval, a contact
-- added as paid): the first term written for a contact without one sets it. A date the chamber
-- gave (the roster's 'member since') is kept.
CREATE FUNCTION "member_since_from_term"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contacts" c SET "member_since" = NEW.starts_on
  FROM "memberships" m
  WHERE m.id = NEW.membership_id AND c.id = m.contact_id AND c.member_since IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "membership_terms_member_since" AFTER INSERT ON "membership_terms" FOR EACH ROW EXECUTE FUNCTION "member_since_from_term"();
--> statement-breakpoint
-- Members who joined online before this have paid terms and no 'member since': the first.
UPDATE "contacts" c SET "member_since" = f.first_day
FROM (
  SELECT m.contact_id, min(t.starts_on) AS first_day
  FROM "memberships" m JOIN "membership_terms" t ON t.membership_id = m.id
  GROUP BY m.contact_id
) f
WHERE c.id = f.contact_id AND c.member_since IS NULL;
