-- The plans and the dues settings (their currency) raise the data version too, so the public
-- answer of GET /membership-plans can be kept until an admin edits a plan.
CREATE CONSTRAINT TRIGGER "membership_plans_data_version" AFTER INSERT OR UPDATE OR DELETE ON "membership_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "membership_settings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "membership_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "membership_plans_data_version_truncate" AFTER TRUNCATE ON "membership_plans" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE TRIGGER "membership_settings_data_version_truncate" AFTER TRUNCATE ON "membership_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
