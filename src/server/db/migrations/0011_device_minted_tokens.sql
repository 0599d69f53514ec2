-- Issue 27: a replayed Idempotency-Key no longer hands out the filing device's token. The tokens
-- sealed under the keys go with their column: a repeat now needs the device's own token.
ALTER TABLE "filing_receipts" DROP COLUMN "sealed_token";
