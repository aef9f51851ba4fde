CREATE TYPE "public"."business_role" AS ENUM('primary', 'billing', 'editor', 'employee');--> statement-breakpoint
CREATE TABLE "business_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "business_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid,
	"role" "business_role" NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"shown_on_listing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_contact_id_key";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "primary_user_id" uuid;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_people" ADD CONSTRAINT "business_people_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_invitations_token_key" ON "business_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "business_invitations_contact_idx" ON "business_invitations" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_people_primary_key" ON "business_people" USING btree ("contact_id") WHERE "business_people"."role" = 'primary';--> statement-breakpoint
CREATE UNIQUE INDEX "business_people_user_key" ON "business_people" USING btree ("contact_id","user_id");--> statement-breakpoint
CREATE INDEX "business_people_user_idx" ON "business_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_contact_id_idx" ON "users" USING btree ("contact_id");--> statement-breakpoint
-- A member is a business with its people (docs/decisions/0123-businesses-and-their-people.md).
-- The auth module's tables are not imported by this schema file, so the sign-in links are
-- declared here: a deleted login leaves its person without a sign-in.
ALTER TABLE "business_people" ADD CONSTRAINT "business_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every contact on file becomes a business whose primary person is the contact's own name,
-- email and phone, with the login that was linked to it (at most one until now).
INSERT INTO "business_people" ("contact_id", "user_id", "role", "first_name", "last_name", "email", "phone", "created_at", "updated_at")
SELECT c.id, (SELECT u.id FROM "users" u WHERE u.contact_id = c.id LIMIT 1), 'primary',
  c.first_name, c.last_name, c.email, c.phone, c.created_at, c.created_at
FROM "contacts" c;--> statement-breakpoint
UPDATE "contacts" c SET "primary_user_id" = p.user_id
FROM "business_people" p WHERE p.contact_id = c.id AND p.role = 'primary' AND p.user_id IS NOT NULL;--> statement-breakpoint
-- A new contact is a business with its primary person.
CREATE FUNCTION "business_person_from_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "business_people" ("contact_id", "role", "first_name", "last_name", "email", "phone", "created_at", "updated_at")
  VALUES (NEW.id, 'primary', NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.created_at, NEW.created_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_primary_person" AFTER INSERT ON "contacts" FOR EACH ROW EXECUTE FUNCTION "business_person_from_contact"();
--> statement-breakpoint
-- The primary person is the one the contact's fields name: they change together.
CREATE FUNCTION "business_person_follows_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_people" SET "first_name" = NEW.first_name, "last_name" = NEW.last_name,
    "email" = NEW.email, "phone" = NEW.phone, "updated_at" = now()
  WHERE "contact_id" = NEW.id AND "role" = 'primary'
    AND ("first_name", "last_name", "email", "phone")
      IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.phone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_primary_person_follows" AFTER UPDATE OF "first_name", "last_name", "email", "phone" ON "contacts" FOR EACH ROW EXECUTE FUNCTION "business_person_follows_contact"();
--> statement-breakpoint
-- A login set to act for a business it is not a person of (a sign-up that claims or makes a
-- contact, staff linking a login) becomes its primary person when that person has no sign-in
-- yet, else one of its employees.
CREATE FUNCTION "business_person_from_login"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.contact_id IS NULL OR EXISTS (
    SELECT 1 FROM "business_people" WHERE "contact_id" = NEW.contact_id AND "user_id" = NEW.id
  ) THEN
    RETURN NULL;
  END IF;
  UPDATE "business_people" SET "user_id" = NEW.id, "updated_at" = now()
  WHERE "contact_id" = NEW.contact_id AND "role" = 'primary' AND "user_id" IS NULL;
  IF NOT FOUND THEN
    INSERT INTO "business_people" ("contact_id", "user_id", "role", "first_name", "last_name", "email", "phone")
    VALUES (NEW.contact_id, NEW.id, 'employee', NEW.first_name, NEW.last_name, NEW.email, NEW.phone);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_business_person" AFTER INSERT OR UPDATE OF "contact_id" ON "users" FOR EACH ROW EXECUTE FUNCTION "business_person_from_login"();
--> statement-breakpoint
-- contacts.primary_user_id follows the primary person's sign-in.
CREATE FUNCTION "contact_primary_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  cid uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.contact_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.contact_id];
  ELSE ids := ARRAY[OLD.contact_id, NEW.contact_id];
  END IF;
  FOREACH cid IN ARRAY ids LOOP
    UPDATE "contacts" c SET "primary_user_id" = p.user_id
    FROM (SELECT (SELECT "user_id" FROM "business_people"
                  WHERE "contact_id" = cid AND "role" = 'primary') AS user_id) p
    WHERE c.id = cid AND c.primary_user_id IS DISTINCT FROM p.user_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "business_people_primary_user" AFTER INSERT OR DELETE OR UPDATE OF "role", "user_id", "contact_id" ON "business_people" FOR EACH ROW EXECUTE FUNCTION "contact_primary_user"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_people_data_version" AFTER INSERT OR UPDATE OR DELETE ON "business_people" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "business_people_data_version_truncate" AFTER TRUNCATE ON "business_people" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
