-- Issue 30: the 19 communes of the department as areas, each report's commune, the communes an
-- organisation covers, and each category's targets (hours to be claimed, to be resolved).
--
-- The communes are domain/communes.ts's, with its order for ids (a test compares them). `area_at`
-- is the one rule that gives a point its commune: the commune whose centre is nearest, when the
-- point is within its radius plus 1,500 m (PLACE_NAMING_MARGIN_M, the rule of communeNameAt, by
-- the same haversine), else none (outside the department).
--
-- The existing reports get their commune by rewriting the table once (ALTER COLUMN ... USING: its
-- indexes are built again in bulk and no trigger runs, where an UPDATE of every row would feed
-- the read models' trigger a million rows); report_counts, now by commune, is counted again from
-- the reports. report_available_days counts what organisations may claim per commune and day.
-- The update trigger now counts only the rows whose counted columns changed.
CREATE TABLE "areas" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"arrondissement" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	CONSTRAINT "areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
INSERT INTO "areas" ("id", "name", "arrondissement", "latitude", "longitude", "radius_m") VALUES
  (1, 'Dakar-Plateau', 'Dakar-Plateau', 14.668, -17.435, 700),
  (2, 'Gorée', 'Dakar-Plateau', 14.6672, -17.3985, 150),
  (3, 'Médina', 'Dakar-Plateau', 14.679, -17.4485, 650),
  (4, 'Gueule Tapée-Fass-Colobane', 'Dakar-Plateau', 14.687, -17.453, 550),
  (5, 'Fann-Point E-Amitié', 'Dakar-Plateau', 14.6945, -17.4625, 750),
  (6, 'Grand Dakar', 'Grand Dakar', 14.706, -17.4525, 450),
  (7, 'Biscuiterie', 'Grand Dakar', 14.707, -17.441, 450),
  (8, 'HLM', 'Grand Dakar', 14.7115, -17.447, 400),
  (9, 'Hann Bel-Air', 'Grand Dakar', 14.715, -17.433, 600),
  (10, 'Sicap-Liberté', 'Grand Dakar', 14.7175, -17.4605, 600),
  (11, 'Dieuppeul-Derklé', 'Grand Dakar', 14.722, -17.452, 450),
  (12, 'Mermoz-Sacré-Cœur', 'Almadies', 14.712, -17.4735, 800),
  (13, 'Ouakam', 'Almadies', 14.7235, -17.4865, 800),
  (14, 'Ngor', 'Almadies', 14.745, -17.511, 600),
  (15, 'Yoff', 'Almadies', 14.753, -17.472, 800),
  (16, 'Grand Yoff', 'Parcelles Assainies', 14.737, -17.456, 800),
  (17, 'Patte d’Oie', 'Parcelles Assainies', 14.747, -17.44, 600),
  (18, 'Parcelles Assainies', 'Parcelles Assainies', 14.762, -17.444, 1000),
  (19, 'Cambérène', 'Parcelles Assainies', 14.767, -17.427, 600);
--> statement-breakpoint
CREATE FUNCTION "area_at"(latitude double precision, longitude double precision) RETURNS smallint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nearest.id FROM (
    SELECT a.id, a.radius_m, 2 * 6371000 * asin(least(1, sqrt(
        power(sin(radians(a.latitude - $1) / 2), 2)
        + cos(radians($1)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - $2) / 2), 2)
      ))) AS metres
    FROM "areas" a
    ORDER BY 3, 1
    LIMIT 1
  ) nearest
  WHERE nearest.metres <= nearest.radius_m + 1500
$$;
--> statement-breakpoint
-- Every report gets its commune from the database itself, however it is written (a filing, the
-- demo, the bench's generator), and again when its point moves.
CREATE FUNCTION "reports_find_area"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.area_id := area_at(NEW.latitude, NEW.longitude);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TABLE "organization_areas" (
	"organization_id" uuid NOT NULL,
	"area_id" smallint NOT NULL,
	CONSTRAINT "organization_areas_organization_id_area_id_pk" PRIMARY KEY("organization_id","area_id")
);
--> statement-breakpoint
ALTER TABLE "organization_areas" ADD CONSTRAINT "organization_areas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_areas" ADD CONSTRAINT "organization_areas_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorie" ADD COLUMN "claim_target_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "categorie" ADD COLUMN "resolve_target_hours" integer DEFAULT 336 NOT NULL;--> statement-breakpoint
ALTER TABLE "categorie" ADD CONSTRAINT "categorie_targets_check" CHECK ("categorie"."claim_target_hours" between 1 and 8760
        and "categorie"."resolve_target_hours" between 1 and 8760);--> statement-breakpoint
DROP INDEX "reports_available_idx";--> statement-breakpoint
DROP INDEX "reports_available_search_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "area_id" TYPE smallint USING area_at("latitude", "longitude");--> statement-breakpoint
CREATE TRIGGER "reports_find_area" BEFORE INSERT OR UPDATE OF "latitude", "longitude" ON "reports"
FOR EACH ROW EXECUTE FUNCTION "reports_find_area"();--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_counts" ADD COLUMN "area_id" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_counts" DROP CONSTRAINT "report_counts_category_id_status_priority_assigned_pk";--> statement-breakpoint
DELETE FROM "report_counts";--> statement-breakpoint
INSERT INTO "report_counts" ("category_id", "status", "priority", "assigned", "area_id", "n", "resolved_n", "resolution_seconds")
SELECT "category_id", "status", "priority", "assigned_organization_id" IS NOT NULL, coalesce("area_id", 0), count(*),
  count(*) FILTER (WHERE "status" = 'resolu' AND "resolved_at" IS NOT NULL),
  coalesce(sum(extract(epoch FROM "resolved_at" - "created_at")::float8) FILTER (WHERE "status" = 'resolu' AND "resolved_at" IS NOT NULL), 0)
FROM "reports" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "report_counts" ADD CONSTRAINT "report_counts_category_id_status_priority_assigned_area_id_pk" PRIMARY KEY("category_id","status","priority","assigned","area_id");--> statement-breakpoint
CREATE TABLE "report_available_days" (
	"category_id" integer NOT NULL,
	"area_id" smallint NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_available_days_category_id_area_id_day_pk" PRIMARY KEY("category_id","area_id","day")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reports_clear_read_models"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM report_counts;
  DELETE FROM report_daily_counts;
  DELETE FROM report_available_days;
  DELETE FROM report_map_cells;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
INSERT INTO "report_available_days" ("category_id", "area_id", "day", "n")
SELECT "category_id", coalesce("area_id", 0), ("created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "reports" WHERE "assigned_organization_id" IS NULL AND "status" <> 'rejete'
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "reports_area_idx" ON "reports" USING btree ("area_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_available_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","area_id") WHERE "reports"."assigned_organization_id" is null and "reports"."status" <> 'rejete';--> statement-breakpoint
CREATE INDEX "reports_available_search_idx" ON "reports" USING gin ("category_id","area_id","search_vector") WHERE "reports"."assigned_organization_id" is null and "reports"."status" <> 'rejete';--> statement-breakpoint
DROP TRIGGER "reports_read_models_insert" ON "reports";--> statement-breakpoint
DROP TRIGGER "reports_read_models_update" ON "reports";--> statement-breakpoint
DROP TRIGGER "reports_read_models_delete" ON "reports";--> statement-breakpoint
DROP FUNCTION "reports_keep_read_models_insert"();--> statement-breakpoint
DROP FUNCTION "reports_keep_read_models_update"();--> statement-breakpoint
DROP FUNCTION "reports_keep_read_models_delete"();--> statement-breakpoint
DO $do$
DECLARE
  change record;
  -- Every column a read model reads.
  counted_changed text := '(n.category_id, n.status, n.priority, n.assigned_organization_id, n.area_id,'
    || ' n.created_at, n.claimed_at, n.resolved_at, n.latitude, n.longitude)'
    || ' IS DISTINCT FROM (o.category_id, o.status, o.priority, o.assigned_organization_id, o.area_id,'
    || ' o.created_at, o.claimed_at, o.resolved_at, o.latitude, o.longitude)';
BEGIN
  FOR change IN SELECT * FROM (VALUES
    ('insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows',
      'SELECT r.*, 1 AS sign FROM new_rows r',
      -- A filing (a report no organisation manages yet) touches no organisation's median.
      'EXISTS (SELECT 1 FROM new_rows WHERE assigned_organization_id IS NOT NULL)'),
    ('update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
      -- Only the rows whose counted columns changed: most updates (a support, a message, a photo)
      -- change none, and the recount of the communes after an import changes only area_id.
      'SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ' || counted_changed
        || ' UNION ALL SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || counted_changed,
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
          INSERT INTO report_counts AS t (category_id, status, priority, assigned, area_id, n, resolved_n, resolution_seconds)
          SELECT category_id, status, priority, assigned_organization_id IS NOT NULL, coalesce(area_id, 0), sum(sign),
            coalesce(sum(sign) FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0),
            coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)::float8)
              FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0)
          FROM changes
          GROUP BY 1, 2, 3, 4, 5
          HAVING sum(sign) <> 0
            OR coalesce(sum(sign) FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0) <> 0
            OR coalesce(sum(sign * extract(epoch FROM resolved_at - created_at)::float8)
              FILTER (WHERE status = 'resolu' AND resolved_at IS NOT NULL), 0) <> 0
          ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (category_id, status, priority, assigned, area_id) DO UPDATE SET
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
        -- What organisations may claim, per commune and day (a town hall's deep pages).
        available_days AS (
          INSERT INTO report_available_days AS t (category_id, area_id, day, n)
          SELECT category_id, coalesce(area_id, 0), (created_at AT TIME ZONE 'UTC')::date, sum(sign)
          FROM changes
          WHERE assigned_organization_id IS NULL AND status <> 'rejete'
          GROUP BY 1, 2, 3
          HAVING sum(sign) <> 0
          ORDER BY 1, 2, 3
          ON CONFLICT (category_id, area_id, day) DO UPDATE SET n = t.n + excluded.n
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
