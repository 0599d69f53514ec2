CREATE TABLE "report_area_days" (
	"area_id" smallint NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_area_days_area_id_status_priority_day_pk" PRIMARY KEY("area_id","status","priority","day")
);
--> statement-breakpoint
-- Issue 30: an administrator's list of one commune pages from the day that holds its page, as the
-- department's list does from report_daily_counts. Kept by statement triggers on the changed rows,
-- in the writer's transaction; the recount of the communes after an import moves the counts too.
DO $do$
DECLARE
  change record;
  -- Every column the count reads.
  counted_changed text := '(n.area_id, n.status, n.priority, n.created_at)'
    || ' IS DISTINCT FROM (o.area_id, o.status, o.priority, o.created_at)';
BEGIN
  FOR change IN SELECT * FROM (VALUES
    ('insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows', 'SELECT r.*, 1 AS sign FROM new_rows r'),
    ('update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
      'SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ' || counted_changed
        || ' UNION ALL SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || counted_changed),
    ('delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows', 'SELECT r.*, -1 AS sign FROM old_rows r')
  ) AS c(name, operation, transition_tables, changed_rows)
  LOOP
    EXECUTE format($function$
      CREATE FUNCTION "reports_keep_area_days_%1$s"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        WITH changes AS (%2$s)
        INSERT INTO report_area_days AS t (area_id, status, priority, day, n)
        SELECT coalesce(area_id, 0), status, priority, (created_at AT TIME ZONE 'UTC')::date, sum(sign)
        FROM changes
        GROUP BY 1, 2, 3, 4
        HAVING sum(sign) <> 0
        ORDER BY 1, 2, 3, 4
        ON CONFLICT (area_id, status, priority, day) DO UPDATE SET n = t.n + excluded.n;
        RETURN NULL;
      END
      $fn$
    $function$, change.name, change.changed_rows);
    EXECUTE format(
      'CREATE TRIGGER "reports_keep_area_days_%1$s" AFTER %2$s ON "reports" %3$s FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep_area_days_%1$s"()',
      change.name, change.operation, change.transition_tables);
  END LOOP;
END
$do$;
--> statement-breakpoint
CREATE FUNCTION "reports_clear_area_days"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM report_area_days;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "reports_clear_area_days" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "reports_clear_area_days"();
--> statement-breakpoint
-- The reports already there.
INSERT INTO "report_area_days" ("area_id", "status", "priority", "day", "n")
SELECT coalesce("area_id", 0), "status", "priority", ("created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "reports" GROUP BY 1, 2, 3, 4;
