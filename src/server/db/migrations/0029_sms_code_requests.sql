CREATE TABLE "sms_code_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number_hash" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_code_requests_number_idx" ON "sms_code_requests" USING btree ("number_hash","requested_at");--> statement-breakpoint
CREATE INDEX "sms_code_requests_time_idx" ON "sms_code_requests" USING btree ("requested_at");