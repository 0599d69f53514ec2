-- The SMS channel (issue 31): the numbers (as a keyed hash and an encrypted copy), the gateway's
-- webhooks kept before they are handled, the SMS to send; and, on every report, how it came and
-- what its point says.
CREATE TABLE "sms_inbox" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"number_hash" text,
	"number_encrypted" text,
	"message" text,
	"gateway_message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"number_hash" text PRIMARY KEY NOT NULL,
	"number_encrypted" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"conversation" jsonb,
	"conversation_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number_hash" text NOT NULL,
	"number_encrypted" text,
	"text" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"gateway_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_state_check" CHECK ("sms_outbox"."state" in ('waiting', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "location_precision" text DEFAULT 'point' NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_inbox_waiting_idx" ON "sms_inbox" USING btree ("received_at") WHERE "sms_inbox"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "sms_inbox_number_idx" ON "sms_inbox" USING btree ("number_hash","received_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_gateway_idx" ON "sms_outbox" USING btree ("gateway_message_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_channel_check" CHECK ("reports"."channel" in ('web', 'sms'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_location_precision_check" CHECK ("reports"."location_precision" in ('point', 'commune'));--> statement-breakpoint
-- A report by SMS is placed at the centre of the commune the citizen named: that commune it keeps.
CREATE OR REPLACE FUNCTION "reports_find_area"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.location_precision = 'commune' AND NEW.area_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  NEW.area_id := area_at(NEW.latitude, NEW.longitude);
  RETURN NEW;
END
$$;
