CREATE TABLE "report_open_cells" (
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_open_cells_x_y_pk" PRIMARY KEY("x","y")
);
--> statement-breakpoint
CREATE TABLE "report_organization_counts" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_organization_counts_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_organization_hours" (
	"organization_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"bucket" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_organization_hours_organization_id_measure_bucket_pk" PRIMARY KEY("organization_id","measure","bucket"),
	CONSTRAINT "report_organization_hours_measure_check" CHECK ("report_organization_hours"."measure" in ('claim', 'resolution'))
);
--> statement-breakpoint
CREATE TABLE "report_organization_medians" (
	"organization_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"bucket" smallint NOT NULL,
	"before" bigint NOT NULL,
	"n" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "report_organization_medians_organization_id_measure_pk" PRIMARY KEY("organization_id","measure")
);
--> statement-breakpoint
CREATE TABLE "report_resolution_hours" (
	"category_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_resolution_hours_category_id_bucket_pk" PRIMARY KEY("category_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "report_weekly_counts" (
	"week" date PRIMARY KEY NOT NULL,
	"filed" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The public statistics' read models (GET /api/public/stats), kept like those of 0002_read_models:
-- statement-level triggers apply the changed rows (transition tables) as +1/-1 in the writer's
-- transaction, rows written in key order. Rejected reports are never counted.
--
-- A duration's bucket on a log scale, four per doubling of the hours (domain/public-data-rules.ts,
-- durationBucket; a test compares the two): 0 below one hour, at most 65.
CREATE FUNCTION "report_duration_bucket"(started timestamptz, ended timestamptz) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN extract(epoch FROM ended - started) < 3600 THEN 0
    ELSE least(65, 1 + floor(4 * log(2::numeric, extract(epoch FROM ended - started) / 3600)))
  END::smallint
$fn$;
--> statement-breakpoint
CREATE FUNCTION "reports_refresh_statistics"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r WHERE r.status <> ''rejete'''
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r WHERE r.status <> ''rejete'''
    ELSE 'SELECT r.*, 1 AS sign FROM new_rows r WHERE r.status <> ''rejete'' UNION ALL SELECT r.*, -1 AS sign FROM old_rows r WHERE r.status <> ''rejete'''
  END;
  EXECUTE format($sql$
    WITH changes AS (%s),
    by_organization AS (
      INSERT INTO report_organization_counts AS t (organization_id, status, n)
      SELECT assigned_organization_id, status, sum(sign)
      FROM changes WHERE assigned_organization_id IS NOT NULL
      GROUP BY 1, 2
      HAVING sum(sign) <> 0
      ORDER BY 1, 2
      ON CONFLICT (organization_id, status) DO UPDATE SET n = t.n + excluded.n
    ),
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
        FROM changes WHERE assigned_organization_id IS NOT NULL AND claimed_at IS NOT NULL
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
        FROM changes
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
    ON CONFLICT (x, y) DO UPDATE SET n = t.n + excluded.n
  $sql$, changes);
  -- A filing (a report no organisation manages yet) touches no organisation's median: spared the
  -- second statement, which would be planned for nothing on every report filed.
  -- (Two IFs: new_rows exists for an INSERT only, and a condition is planned whole.)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE assigned_organization_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- The medians of the organisations this statement touched, found again in their histograms
  -- (a statement apart: the one above wrote them, and its parts all read the same snapshot).
  EXECUTE format($sql$
    WITH touched AS (
      SELECT DISTINCT assigned_organization_id AS organization_id FROM (%s) changes
      WHERE assigned_organization_id IS NOT NULL
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
      bucket = excluded.bucket, before = excluded.before, n = excluded.n, total = excluded.total
  $sql$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "reports_clear_statistics"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM report_organization_counts;
  DELETE FROM report_resolution_hours;
  DELETE FROM report_organization_hours;
  DELETE FROM report_organization_medians;
  DELETE FROM report_weekly_counts;
  DELETE FROM report_open_cells;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "reports_statistics_insert" AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_statistics"();
--> statement-breakpoint
CREATE TRIGGER "reports_statistics_update" AFTER UPDATE ON "reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_statistics"();
--> statement-breakpoint
CREATE TRIGGER "reports_statistics_delete" AFTER DELETE ON "reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_refresh_statistics"();
--> statement-breakpoint
CREATE TRIGGER "reports_statistics_truncate" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "reports_clear_statistics"();
--> statement-breakpoint
-- The reports already there. Same figures as the trigger's (a test compares them).
INSERT INTO report_organization_counts (organization_id, status, n)
SELECT assigned_organization_id, status, count(*) FROM reports
WHERE status <> 'rejete' AND assigned_organization_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_resolution_hours (category_id, bucket, n)
SELECT category_id, report_duration_bucket(created_at, resolved_at), count(*) FROM reports
WHERE status = 'resolu' AND resolved_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_organization_hours (organization_id, measure, bucket, n)
SELECT organization_id, measure, bucket, count(*) FROM (
  SELECT assigned_organization_id AS organization_id, 'claim' AS measure,
    report_duration_bucket(created_at, claimed_at) AS bucket
  FROM reports WHERE status <> 'rejete' AND assigned_organization_id IS NOT NULL AND claimed_at IS NOT NULL
  UNION ALL
  SELECT assigned_organization_id, 'resolution', report_duration_bucket(created_at, resolved_at)
  FROM reports WHERE status = 'resolu' AND assigned_organization_id IS NOT NULL AND resolved_at IS NOT NULL
) durations GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_organization_medians (organization_id, measure, bucket, before, n, total)
SELECT organization_id, measure, bucket, through - n, n, total FROM (
  SELECT organization_id, measure, bucket, n,
    sum(n) OVER (PARTITION BY organization_id, measure ORDER BY bucket) AS through,
    sum(n) OVER (PARTITION BY organization_id, measure) AS total
  FROM report_organization_hours WHERE n > 0
) cumulated
WHERE 2 * through >= total AND 2 * (through - n) < total;
--> statement-breakpoint
INSERT INTO report_weekly_counts (week, filed, resolved)
SELECT week, sum(filed), sum(resolved) FROM (
  SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, 1 AS filed, 0 AS resolved
  FROM reports WHERE status <> 'rejete'
  UNION ALL
  SELECT date_trunc('week', resolved_at AT TIME ZONE 'UTC')::date, 0, 1
  FROM reports WHERE status = 'resolu' AND resolved_at IS NOT NULL
) weeks GROUP BY 1;
--> statement-breakpoint
INSERT INTO report_open_cells (x, y, n)
SELECT floor((longitude + 180) / (360 / 65536.0))::int, floor((latitude + 90) / (360 / 65536.0))::int, count(*)
FROM reports WHERE status IN ('en-attente', 'en-cours') GROUP BY 1, 2;
