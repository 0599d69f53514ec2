-- Issue 30: a category's claim target is never past its resolve target (a report is claimed before
-- it is resolved). A category set otherwise before this check waits to be claimed as long as to be
-- resolved.
UPDATE "categorie" SET "claim_target_hours" = "resolve_target_hours" WHERE "claim_target_hours" > "resolve_target_hours";--> statement-breakpoint
ALTER TABLE "categorie" ADD CONSTRAINT "categorie_targets_in_order" CHECK ("categorie"."claim_target_hours" <= "categorie"."resolve_target_hours");
