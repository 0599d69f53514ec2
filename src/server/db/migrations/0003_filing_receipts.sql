CREATE TABLE "filing_receipts" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"sealed_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Keys already received move over as hashes (sha256 of the key, as reports/filing-receipts.ts
-- computes it). Their answers' tokens were never kept: a repeat of one needs the filing device's
-- own token.
INSERT INTO "filing_receipts" ("key_hash", "report_id", "created_at")
  SELECT encode(sha256(convert_to("idempotency_key", 'UTF8')), 'hex'), "id", "created_at"
  FROM "reports" WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "reports_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "filing_receipts" ADD CONSTRAINT "filing_receipts_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "idempotency_key";