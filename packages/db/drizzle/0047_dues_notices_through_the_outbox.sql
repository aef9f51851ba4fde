DROP INDEX "dues_notices_unmailed_idx";--> statement-breakpoint
ALTER TABLE "dues_notices" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_notices" ADD CONSTRAINT "dues_notices_id_unique" UNIQUE("id");--> statement-breakpoint
-- Notices queued before dues mail went through the outbox and not mailed yet: each gets its
-- outbox row now (the dues job no longer mails them), in the order they were queued.
INSERT INTO "mail_outbox" ("kind", "params", "next_attempt_at", "created_at")
SELECT 'dues-notice', jsonb_build_object('noticeId', n."id"), now(), n."sent_at"
FROM "dues_notices" n
WHERE n."mailed_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "mail_outbox" o
    WHERE o."kind" = 'dues-notice' AND o."params" ->> 'noticeId' = n."id"::text)
ORDER BY n."sent_at";
