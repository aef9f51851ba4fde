-- An occurrence's registrations in any state: the partial indexes before this one cover only
-- addresses or waiting parties, so counting, listing and exporting an occurrence read the whole
-- table.
CREATE INDEX "event_registrations_occurrence_idx" ON "event_registrations" USING btree ("event_id","occurrence_key");