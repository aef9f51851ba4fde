CREATE INDEX "campaigns_news_idx" ON "campaigns" USING btree ("started_at" DESC NULLS LAST,"id") WHERE "campaigns"."public" and "campaigns"."state" = 'sent';--> statement-breakpoint
-- The public archive's pages are kept per data version: a campaign sent, published or withdrawn renews them.
CREATE CONSTRAINT TRIGGER "campaigns_data_version" AFTER INSERT OR UPDATE OR DELETE ON "campaigns" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "campaigns_data_version_truncate" AFTER TRUNCATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
-- A slug is made when a campaign is first marked public (it was made for every campaign before).
UPDATE "campaigns" SET "slug" = NULL WHERE NOT "public";
