-- iCalendar SEQUENCE of each event, series and edited occurrence: raised by every change, so a
-- calendar app that holds the event (from the feed, a download or a mail) applies the new one.
-- Events already published start at 0, what the feed has said so far.
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;
