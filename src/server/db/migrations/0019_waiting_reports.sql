-- Issue 30: the reports waiting to be claimed, and to be resolved, each in an index of its own
-- (filing date, category). Counting the late ones reads the part of a day before a deadline from
-- them alone (an index-only scan of a few thousand entries) instead of the reports' table.
CREATE INDEX "reports_unclaimed_idx" ON "reports" USING btree ("created_at","category_id") WHERE "reports"."assigned_organization_id" is null and "reports"."status" = 'en-attente';--> statement-breakpoint
CREATE INDEX "reports_unresolved_idx" ON "reports" USING btree ("created_at","category_id") WHERE "reports"."assigned_organization_id" is not null and "reports"."status" in ('en-attente', 'en-cours');