-- Read models of the reports table (docs/decisions/0002-read-models-and-micro-cache.md): the
-- counts by filter, by day, and the map cells, kept up to date by statement-level triggers in the
-- transaction that changes the reports, then filled once from the reports already there.
--
-- Text search: pg_trgm. It is a contrib module ("postgresql-contrib" on Debian, part of the
-- server package since PostgreSQL 10) and a trusted extension: the owner of the database may
-- create it, no superuser needed. The server checks before migrating (db/database.ts) and
-- refuses to start with a clear message when it cannot be created. PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- One document per report for every text search (reports/search.ts writes the same expression):
-- the index finds the candidates, the query then checks each column as before.
CREATE INDEX "reports_search_idx" ON "reports" USING gin (
  ("type" || ' ' || "description" || ' ' || coalesce("department", '') || ' ' || "anonymous_code") gin_trgm_ops
);
--> statement-breakpoint
-- One function for the three kinds of change: the rows a statement inserted count +1, the rows
-- it deleted -1, an update both (old -1, new +1: they cancel out when nothing counted changed,
-- and nothing is written). Rows are written in key order, so that two transactions lock the
-- counters they share in the same order (no deadlock).
CREATE FUNCTION "reports_refresh_read_models"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
    ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 AS sign FROM old_rows r'
  END;
  EXECUTE format($sql$
    WITH changes AS (%s),
    counted AS (
      INSERT INTO report_counts AS t (category_id, status, priority, assigned, n, resolved_n, resolution_seconds)
      SELECT category_id, status, priority, assigned_organization_id IS NOT NULL, sum(sign),
        coalesce(sum(sign) FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0),
        coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)::float8)
          FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0)
      FROM changes
      GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0
        OR coalesce(sum(sign) FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0) <> 0
        OR coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)::float8)
          FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (category_id, status, priority, assigned) DO UPDATE SET
        n = t.n + excluded.n,
        resolved_n = t.resolved_n + excluded.resolved_n,
        resolution_seconds = CASE WHEN t.resolved_n + excluded.resolved_n = 0 THEN 0
          ELSE t.resolution_seconds + excluded.resolution_seconds END
    ),
    counted_by_day AS (
      INSERT INTO report_daily_counts AS t (day, category_id, status, priority, assigned, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, category_id, status, priority,
        assigned_organization_id IS NOT NULL, sum(sign)
      FROM changes
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(sign) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (day, category_id, status, priority, assigned) DO UPDATE SET n = t.n + excluded.n
    )
    -- Rejected reports never show on the public map. Cell side: 360 / 2^z degrees, z from 8 to
    -- 21 (MAP_CELL_MIN_ZOOM and MAP_CELL_MAX_ZOOM in reports/map-repository.ts).
    INSERT INTO report_map_cells AS t (z, x, y, n, lat_sum, lon_sum)
    SELECT z, x, y, sum(sign), sum(sign * latitude), sum(sign * longitude)
    FROM (
      SELECT z, floor((c.longitude + 180) / (360 / power(2, z)))::int AS x,
        floor((c.latitude + 90) / (360 / power(2, z)))::int AS y, c.sign, c.latitude, c.longitude
      FROM changes c CROSS JOIN generate_series(8, 21) AS z
      WHERE c.status <> 'rejete'
    ) placed
    GROUP BY z, x, y
    HAVING sum(sign) <> 0 OR sum(sign * latitude) <> 0 OR sum(sign * longitude) <> 0
    ORDER BY z, x, y
    ON CONFLICT (z, x, y) DO UPDATE SET
      n = t.n + excluded.n,
      lat_sum = CASE WHEN t.n + excluded.n = 0 THEN 0 ELSE t.lat_sum + excluded.lat_sum END,
      lon_sum = CASE WHEN t.n + excluded.n = 0 THEN 0 ELSE t.lon_sum + excluded.lon_sum END
  $sql$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "reports_clear_read_models"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM report_counts;
  DELETE FROM report_daily_counts;
  DELETE FROM report_map_cells;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "reports_read_models_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_read_models"();
--> statement-breakpoint
CREATE TRIGGER "reports_read_models_update" AFTER UPDATE ON "reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_read_models"();
--> statement-breakpoint
CREATE TRIGGER "reports_read_models_delete" AFTER DELETE ON "reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_read_models"();
--> statement-breakpoint
CREATE TRIGGER "reports_read_models_truncate" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "reports_clear_read_models"();
--> statement-breakpoint
-- The reports already there. Same figures as the trigger's (a test compares them).
INSERT INTO report_counts (category_id, status, priority, assigned, n, resolved_n, resolution_seconds)
SELECT category_id, status, priority, assigned_organization_id IS NOT NULL, count(*),
  count(*) FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL),
  coalesce(sum(extract(epoch FROM resolved_at - created_at)::float8)
    FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0)
FROM reports GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_daily_counts (day, category_id, status, priority, assigned, n)
SELECT (created_at AT TIME ZONE 'UTC')::date, category_id, status, priority,
  assigned_organization_id IS NOT NULL, count(*)
FROM reports GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_map_cells (z, x, y, n, lat_sum, lon_sum)
SELECT z, floor((longitude + 180) / (360 / power(2, z)))::int,
  floor((latitude + 90) / (360 / power(2, z)))::int, count(*), sum(latitude), sum(longitude)
FROM reports CROSS JOIN generate_series(8, 21) AS z
WHERE status <> 'rejete'
GROUP BY 1, 2, 3;
