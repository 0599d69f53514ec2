-- The read models of 0002_read_models and the statistics of 0009_public_statistics, kept by one
-- trigger per kind of change whose SQL is static, instead of two triggers each running EXECUTE:
-- EXECUTE plans its statement again every time, and those plans were about 15 % of a filing's
-- time at a million reports (docs/performance.md). A static statement is planned once per
-- connection. The figures kept are the same (read-models and public-statistics tests recount them).
--
-- The three functions differ only in the rows they read (transition tables: an INSERT has new
-- rows, a DELETE old ones, an UPDATE both), so they are made here from one text.
DROP TRIGGER "reports_read_models_insert" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_read_models_update" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_read_models_delete" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_statistics_insert" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_statistics_update" ON "reports";
--> statement-breakpoint
DROP TRIGGER "reports_statistics_delete" ON "reports";
--> statement-breakpoint
DROP FUNCTION "reports_refresh_read_models"();
--> statement-breakpoint
DROP FUNCTION "reports_refresh_statistics"();
--> statement-breakpoint
DO $do$
DECLARE
  change record;
BEGIN
  FOR change IN SELECT * FROM (VALUES
    ('insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows',
      'SELECT r.*, 1 AS sign FROM new_rows r',
      -- A filing (a report no organisation manages yet) touches no organisation's median.
      'EXISTS (SELECT 1 FROM new_rows WHERE assigned_organization_id IS NOT NULL)'),
    ('update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
      'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 AS sign FROM old_rows r',
      'true'),
    ('delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows',
      'SELECT r.*, -1 AS sign FROM old_rows r',
      'true')
  ) AS c(name, operation, transition_tables, changed_rows, touches_organizations)
  LOOP
    EXECUTE format($function$
      CREATE FUNCTION "reports_keep_read_models_%1$s"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        -- The rows a statement inserted count +1, the rows it deleted -1, an update both (old -1,
        -- new +1: they cancel out when nothing counted changed, and nothing is written). Rows are
        -- written in key order, so that two transactions lock the counters they share in the same
        -- order (no deadlock). Rejected reports are in the counts of the back-office only: never
        -- on the public map nor in the public statistics.
        WITH changes AS (%2$s),
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
        ),
        -- Cell side: 360 / 2^z degrees, z from 8 to 21 (MAP_CELL_MIN_ZOOM and MAP_CELL_MAX_ZOOM in
        -- reports/map-repository.ts).
        map_cells AS (
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
        ),
        by_organization AS (
          INSERT INTO report_organization_counts AS t (organization_id, status, n)
          SELECT assigned_organization_id, status, sum(sign)
          FROM changes WHERE assigned_organization_id IS NOT NULL AND status <> 'rejete'
          GROUP BY 1, 2
          HAVING sum(sign) <> 0
          ORDER BY 1, 2
          ON CONFLICT (organization_id, status) DO UPDATE SET n = t.n + excluded.n
        ),
        -- Durations' buckets: report_duration_bucket (0009_public_statistics).
        resolution_hours AS (
          INSERT INTO report_resolution_hours AS t (category_id, bucket, n)
          SELECT category_id, report_duration_bucket(created_at, resolved_at), sum(sign)
          FROM changes WHERE status = 'resolu' AND resolved_at IS NOT NULL
          GROUP BY 1, 2
          HAVING sum(sign) <> 0
          ORDER BY 1, 2
          ON CONFLICT (category_id, bucket) DO UPDATE SET n = t.n + excluded.n
        ),
        organization_hours AS (
          INSERT INTO report_organization_hours AS t (organization_id, measure, bucket, n)
          SELECT organization_id, measure, bucket, sum(sign)
          FROM (
            SELECT assigned_organization_id AS organization_id, 'claim' AS measure,
              report_duration_bucket(created_at, claimed_at) AS bucket, sign
            FROM changes
            WHERE assigned_organization_id IS NOT NULL AND claimed_at IS NOT NULL AND status <> 'rejete'
            UNION ALL
            SELECT assigned_organization_id, 'resolution', report_duration_bucket(created_at, resolved_at), sign
            FROM changes WHERE assigned_organization_id IS NOT NULL AND status = 'resolu' AND resolved_at IS NOT NULL
          ) durations
          GROUP BY 1, 2, 3
          HAVING sum(sign) <> 0
          ORDER BY 1, 2, 3
          ON CONFLICT (organization_id, measure, bucket) DO UPDATE SET n = t.n + excluded.n
        ),
        by_week AS (
          INSERT INTO report_weekly_counts AS t (week, filed, resolved)
          SELECT week, sum(filed), sum(resolved)
          FROM (
            SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, sign AS filed, 0 AS resolved
            FROM changes WHERE status <> 'rejete'
            UNION ALL
            SELECT date_trunc('week', resolved_at AT TIME ZONE 'UTC')::date, 0, sign
            FROM changes WHERE status = 'resolu' AND resolved_at IS NOT NULL
          ) weeks
          GROUP BY 1
          HAVING sum(filed) <> 0 OR sum(resolved) <> 0
          ORDER BY 1
          ON CONFLICT (week) DO UPDATE SET filed = t.filed + excluded.filed, resolved = t.resolved + excluded.resolved
        )
        -- Cell side 360 / 2^16 degrees (OPEN_CELL_ZOOM in public-data/repository.ts).
        INSERT INTO report_open_cells AS t (x, y, n)
        SELECT floor((longitude + 180) / (360 / 65536.0))::int, floor((latitude + 90) / (360 / 65536.0))::int, sum(sign)
        FROM changes WHERE status IN ('en-attente', 'en-cours')
        GROUP BY 1, 2
        HAVING sum(sign) <> 0
        ORDER BY 1, 2
        ON CONFLICT (x, y) DO UPDATE SET n = t.n + excluded.n;

        IF NOT %3$s THEN
          RETURN NULL;
        END IF;
        -- The medians of the organisations this statement touched, found again in their histograms
        -- (a statement apart: the one above wrote them, and its parts all read the same snapshot).
        WITH touched AS (
          SELECT DISTINCT assigned_organization_id AS organization_id FROM (%2$s) changes
          WHERE assigned_organization_id IS NOT NULL AND status <> 'rejete'
        ),
        cumulated AS (
          SELECT h.organization_id, h.measure, h.bucket, h.n,
            sum(h.n) OVER (PARTITION BY h.organization_id, h.measure ORDER BY h.bucket) AS through,
            sum(h.n) OVER (PARTITION BY h.organization_id, h.measure) AS total
          FROM report_organization_hours h JOIN touched t ON t.organization_id = h.organization_id
          WHERE h.n > 0
        ),
        found AS (
          SELECT organization_id, measure, bucket, through - n AS before, n, total FROM cumulated
          WHERE 2 * through >= total AND 2 * (through - n) < total
        ),
        emptied AS (
          DELETE FROM report_organization_medians m USING touched t
          WHERE m.organization_id = t.organization_id
            AND NOT EXISTS (SELECT 1 FROM found f WHERE f.organization_id = m.organization_id AND f.measure = m.measure)
        )
        INSERT INTO report_organization_medians AS m (organization_id, measure, bucket, before, n, total)
        SELECT organization_id, measure, bucket, before, n, total FROM found
        ORDER BY 1, 2
        ON CONFLICT (organization_id, measure) DO UPDATE SET
          bucket = excluded.bucket, before = excluded.before, n = excluded.n, total = excluded.total;
        RETURN NULL;
      END
      $fn$
    $function$, change.name, change.changed_rows, change.touches_organizations);
    EXECUTE format(
      'CREATE TRIGGER "reports_read_models_%1$s" AFTER %2$s ON "reports" %3$s FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep_read_models_%1$s"()',
      change.name, change.operation, change.transition_tables);
  END LOOP;
END
$do$;
