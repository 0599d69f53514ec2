-- Searches that forgive accents and case (issue 15): "eclairage" finds "Éclairage", "CHAUSSEE"
-- finds "chaussée". unaccent is a contrib module and a trusted extension, like pg_trgm (0002):
-- the owner of the database may create it; the server checks before migrating (db/database.ts).
-- PGlite loads it from @electric-sql/pglite/contrib/unaccent.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so no index or generated column may use
-- it directly. This wrapper names the dictionary and is IMMUTABLE: we never edit the dictionary.
-- It lower-cases after removing the accents, so that a C locale (PGlite's) lower-cases every letter.
CREATE OR REPLACE FUNCTION "search_text"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- The folded text of every search, kept by the database (schema.ts says why), and its trigram
-- index in place of 0002's, which folded nothing and left the address out. Folding once, when a
-- report is written, keeps unaccent out of every search.
DROP INDEX IF EXISTS "reports_search_idx";
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN IF NOT EXISTS "search_document" text GENERATED ALWAYS AS (search_text(type || E'\n' || description || E'\n' || coalesce(address, '') || E'\n' || coalesce(department, '') || E'\n' || anonymous_code)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_search_idx" ON "reports" USING gin ("search_document" gin_trgm_ops);
--> statement-breakpoint
-- A new column has no statistics until the table is analysed, and PGlite never analyses by
-- itself: without them the planner takes a common word for a rare one and reads every match.
ANALYZE "reports";
