-- Searches that forgive accents and case (issue 15): "eclairage" finds "Éclairage", "CHAUSSEE"
-- finds "chaussée". unaccent is a contrib module and a trusted extension, like pg_trgm (0002):
-- the owner of the database may create it; the server checks before migrating (db/database.ts).
-- PGlite loads it from @electric-sql/pglite/contrib/unaccent.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so no index may use it directly. This
-- wrapper names the dictionary and is IMMUTABLE: we never edit the dictionary. It lower-cases after
-- removing the accents, so that a C locale (PGlite's) lower-cases every letter.
CREATE FUNCTION "search_text"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- The trigram index of every text search, now over the folded text, and over the address too (a
-- crew searches a street). reports/search.ts writes the same expression, or PostgreSQL would not
-- use it.
DROP INDEX IF EXISTS "reports_search_idx";
--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin (
  search_text("type" || ' ' || "description" || ' ' || coalesce("address", '') || ' ' || coalesce("department", '') || ' ' || "anonymous_code") gin_trgm_ops
);
