-- Searches that stay fast at a million reports (issue 19). The trigram index of 0006 found the
-- reports holding a piece of text, but the planner could not tell a common word from a rare one,
-- and every match was then read to count and order them. Words are looked up instead: a text
-- search document per report, its GIN index, and the statistics ANALYZE gathers on its words.
--
-- The configuration: French (its stop words and stemmer: "lampadaires" finds "lampadaire"), each
-- word first stripped of its accents by unaccent (0006) so that "eclairage" finds "Éclairage".
-- Created only once: a configuration has no CREATE OR REPLACE.
--
-- btree_gin puts the status and priority, or the categories, in the same GIN index as the
-- words, so that no report is read only to find it outside the filters. An
-- organisation's search looks up "lampadaire" within its categories and its available reports,
-- never through the lampadaires of every other one (a trusted contrib module, like pg_trgm and
-- unaccent).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'alertes_fr') THEN
    CREATE TEXT SEARCH CONFIGURATION public.alertes_fr (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION public.alertes_fr
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "reports_search_idx";
--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN IF EXISTS "search_document";
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN IF NOT EXISTS "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('public.alertes_fr'::regconfig, type || ' ' || description || ' ' || coalesce(address, '') || ' ' || coalesce(department, ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_search_idx" ON "reports" USING gin ("status", "priority", "search_vector");
--> statement-breakpoint
-- An organisation's available reports (reports/scopes.ts availableTo, as reports_available_idx).
CREATE INDEX IF NOT EXISTS "reports_available_search_idx" ON "reports" USING gin ("category_id", "search_vector") WHERE "reports"."assigned_organization_id" is null and "reports"."status" <> 'rejete';
--> statement-breakpoint
-- A code is found by its start (read out on the phone, "K7M2…"); the pattern operators let
-- LIKE use the index whatever the collation of the database.
CREATE INDEX IF NOT EXISTS "reports_code_prefix_idx" ON "reports" USING btree ("anonymous_code" text_pattern_ops);
--> statement-breakpoint
-- A search filtered by priority whose word is common walks the reports of that priority by date.
CREATE INDEX IF NOT EXISTS "reports_priority_idx" ON "reports" USING btree ("priority", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
-- PGlite never analyses by itself: without statistics on the new column's words, the planner
-- takes a common word for a rare one.
ANALYZE "reports";
