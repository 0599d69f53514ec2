ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_state_check";--> statement-breakpoint
ALTER TABLE "sms_inbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_state_check" CHECK ("sms_outbox"."state" in ('waiting', 'sent', 'delivered', 'failed', 'cancelled'));