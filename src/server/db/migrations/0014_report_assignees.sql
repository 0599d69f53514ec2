-- Issue 29: a report is handed to a member of the organisation that manages it, and each line of
-- its history says which member acted. Both columns start empty: nothing to fill.
ALTER TABLE "report_events" ADD COLUMN "actor_member_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "report_events" ADD CONSTRAINT "report_events_actor_member_id_organization_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignee_id_organization_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."organization_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_assignee_idx" ON "reports" USING btree ("assignee_id") WHERE "reports"."assignee_id" is not null;