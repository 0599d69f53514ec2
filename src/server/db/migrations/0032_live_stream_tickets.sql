CREATE TABLE "live_stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"device_hash" text,
	"user_type" text,
	"user_id" uuid,
	"session_id" uuid,
	"password_version" bigint,
	"access_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_stream_tickets_user_type_check" CHECK ("live_stream_tickets"."user_type" in ('admin', 'organization')),
	CONSTRAINT "live_stream_tickets_holder_check" CHECK (("live_stream_tickets"."device_hash" is not null and num_nulls("live_stream_tickets"."user_type", "live_stream_tickets"."user_id", "live_stream_tickets"."session_id", "live_stream_tickets"."password_version", "live_stream_tickets"."access_expires_at") = 5)
        or ("live_stream_tickets"."device_hash" is null and num_nonnulls("live_stream_tickets"."user_type", "live_stream_tickets"."user_id", "live_stream_tickets"."session_id", "live_stream_tickets"."password_version", "live_stream_tickets"."access_expires_at") = 5))
);
--> statement-breakpoint
ALTER TABLE "live_stream_tickets" ADD CONSTRAINT "live_stream_tickets_device_hash_citizen_devices_token_hash_fk" FOREIGN KEY ("device_hash") REFERENCES "public"."citizen_devices"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_tickets_expires_idx" ON "live_stream_tickets" USING btree ("expires_at");