-- A counter of changes to what the directory and the calendar show, so a process may keep an
-- answer it computed (the directory's total, a window of events) for as long as nothing
-- changed. Row triggers raise it once per transaction, at commit (deferred constraint
-- triggers): the counter's row lock is then held only while committing, after every other
-- lock of the transaction is taken, so writers wait for each other briefly but can never
-- deadlock on it. The new value and the data become visible together.
CREATE TABLE "data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_version_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: later rows of the same transaction find the mark and return.
  IF coalesce(current_setting('chamber.data_version_bumped', true), '') <> 'yes' THEN
    PERFORM set_config('chamber.data_version_bumped', 'yes', true);
    UPDATE data_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_data_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "calendars_data_version" AFTER INSERT OR UPDATE OR DELETE ON "calendars" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_data_version" AFTER INSERT OR UPDATE OR DELETE ON "events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_registrations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "event_registrations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
-- TRUNCATE (a restore with --replace) has no row triggers; it raises the counter at once.
CREATE TRIGGER "contacts_data_version_truncate" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "users_data_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "calendars_data_version_truncate" AFTER TRUNCATE ON "calendars" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "events_data_version_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "event_registrations_data_version_truncate" AFTER TRUNCATE ON "event_registrations" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
