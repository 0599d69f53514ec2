-- Issue 29: the photo of the fix (public, on the report's row, hidden with the report's own files
-- once it is rejected); the receipts of what a field agent's phone sent again under an
-- Idempotency-Key; a push subscription owned by an organisation's member instead of a citizen's
-- device; and the history line of that photo. New columns start empty: nothing to fill.
CREATE TABLE "organization_action_receipts" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"action" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_events" DROP CONSTRAINT "report_events_kind_check";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "device_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_photo_url" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_photo_thumb_url" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_photo_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_action_receipts" ADD CONSTRAINT "organization_action_receipts_member_id_organization_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_action_receipts" ADD CONSTRAINT "organization_action_receipts_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_action_receipts_created_idx" ON "organization_action_receipts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_organization_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id") WHERE "push_subscriptions"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_rejected_resolution_photo_idx" ON "reports" USING btree ("resolution_photo_url") WHERE "reports"."status" = 'rejete';--> statement-breakpoint
CREATE INDEX "reports_rejected_resolution_thumb_idx" ON "reports" USING btree ("resolution_photo_thumb_url") WHERE "reports"."status" = 'rejete';--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_owner_check" CHECK (("push_subscriptions"."device_hash" is null) <> ("push_subscriptions"."member_id" is null));--> statement-breakpoint
ALTER TABLE "report_events" ADD CONSTRAINT "report_events_kind_check" CHECK ("report_events"."kind" in ('created', 'claimed', 'status_changed', 'priority_changed', 'message_sent', 'supported', 'confirmed', 'reopened', 'resolution_photo'));