-- Staff's 'due this month' list: current memberships in paid-through order, so a page of a
-- month is read off the index and counted from it, without sorting the month's rows.
CREATE INDEX "memberships_current_paid_through_idx" ON "memberships" USING btree ("paid_through","id") WHERE "memberships"."status" in ('active', 'grace');