-- Staff's membership lists (Admin → Memberships) are kept per data version: the memberships,
-- the payments (the 'paid this year' list) and the chamber's record (its time zone says which
-- month is due) raise it too.
CREATE CONSTRAINT TRIGGER "memberships_data_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_data_version" AFTER INSERT OR UPDATE OR DELETE ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "locations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "memberships_data_version_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "payments_data_version_truncate" AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "locations_data_version_truncate" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
