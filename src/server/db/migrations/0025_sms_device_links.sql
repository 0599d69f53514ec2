CREATE TABLE "sms_device_links" (
	"device_hash" text PRIMARY KEY NOT NULL,
	"number_hash" text NOT NULL,
	"number_encrypted" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_device_links_number_idx" ON "sms_device_links" USING btree ("number_hash");