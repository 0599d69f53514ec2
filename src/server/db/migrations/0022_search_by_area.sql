-- The admin's search within a commune (issue 30, point 6): the commune joins the words, the status
-- and the priority in one GIN lookup. Before, the matches of a word (36,036 for "panne" at a
-- million reports) were intersected with every report of the commune from reports_area_idx (about
-- 52,000 entries): 55-86 ms for the two bitmaps alone; in one lookup, 5 ms (docs/performance.md).
DROP INDEX "reports_search_idx";--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin ("status","priority","area_id","search_vector");