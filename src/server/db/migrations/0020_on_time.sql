-- Issue 30, the on-time rate of /statistiques: resolved reports per category and organisation,
-- and how many within their category's resolve target (report_on_time_counts), kept like the
-- other read models by statement triggers on the changed rows, in the writer's transaction.
-- A change of a category's target counts that category again (a trigger on categorie).
CREATE TABLE "report_on_time_counts" (
	"category_id" integer NOT NULL,
	"organization_id" uuid,
	"resolved" bigint DEFAULT 0 NOT NULL,
	"on_time" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_on_time_counts_key" UNIQUE NULLS NOT DISTINCT("category_id","organization_id")
);
--> statement-breakpoint
DROP INDEX "reports_unresolved_idx";--> statement-breakpoint
CREATE INDEX "reports_unresolved_idx" ON "reports" USING btree ("created_at","category_id","assigned_organization_id") WHERE "reports"."assigned_organization_id" is not null and "reports"."status" in ('en-attente', 'en-cours');--> statement-breakpoint
-- The one rule: a report resolved within its target, counted from its filing (reports/overdue.ts
-- calls it late past the same target).
CREATE FUNCTION "resolved_on_time"(created_at timestamptz, resolved_at timestamptz, target_hours integer)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT resolved_at - created_at <= target_hours * interval '1 hour'
$fn$;
--> statement-breakpoint
-- The resolved reports of one category (every category when null) counted again from the reports.
CREATE FUNCTION "report_on_time_recount"(category integer) RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM report_on_time_counts WHERE category IS NULL OR category_id = category;
  INSERT INTO report_on_time_counts (category_id, organization_id, resolved, on_time)
  SELECT r.category_id, r.assigned_organization_id, count(*),
    count(*) FILTER (WHERE resolved_on_time(r.created_at, r.resolved_at, c.resolve_target_hours))
  FROM reports r JOIN categorie c ON c.id = r.category_id
  WHERE (category IS NULL OR r.category_id = category) AND r.status = 'resolu' AND r.resolved_at IS NOT NULL
  GROUP BY 1, 2;
$fn$;
--> statement-breakpoint
CREATE FUNCTION "categorie_recount_on_time"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM report_on_time_recount(NEW.id);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "categorie_recount_on_time" AFTER UPDATE OF "resolve_target_hours" ON "categorie"
  FOR EACH ROW WHEN (OLD.resolve_target_hours IS DISTINCT FROM NEW.resolve_target_hours)
  EXECUTE FUNCTION "categorie_recount_on_time"();
--> statement-breakpoint
DO $do$
DECLARE
  change record;
  -- Every column the count reads.
  counted_changed text := '(n.category_id, n.status, n.assigned_organization_id, n.created_at, n.resolved_at)'
    || ' IS DISTINCT FROM (o.category_id, o.status, o.assigned_organization_id, o.created_at, o.resolved_at)';
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
      CREATE FUNCTION "reports_keep_on_time_%1$s"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        -- The categories of the resolutions, locked against a change of their target until this
        -- transaction ends: a change waits, then counts again with this one's reports; a change
        -- under way makes this wait, then read the new target. Most statements resolve nothing.
        PERFORM 1 FROM categorie WHERE id IN (
          SELECT category_id FROM (%2$s) changes WHERE status = 'resolu' AND resolved_at IS NOT NULL
        ) ORDER BY id FOR SHARE;
        IF NOT FOUND THEN
          RETURN NULL;
        END IF;
        WITH changes AS (%2$s)
        INSERT INTO report_on_time_counts AS t (category_id, organization_id, resolved, on_time)
        SELECT r.category_id, r.assigned_organization_id, sum(r.sign),
          coalesce(sum(r.sign) FILTER (WHERE resolved_on_time(r.created_at, r.resolved_at, c.resolve_target_hours)), 0)
        FROM changes r JOIN categorie c ON c.id = r.category_id
        WHERE r.status = 'resolu' AND r.resolved_at IS NOT NULL
        GROUP BY 1, 2
        HAVING sum(r.sign) <> 0
          OR coalesce(sum(r.sign) FILTER (WHERE resolved_on_time(r.created_at, r.resolved_at, c.resolve_target_hours)), 0) <> 0
        ORDER BY 1, 2
        ON CONFLICT ON CONSTRAINT report_on_time_counts_key DO UPDATE SET
          resolved = t.resolved + excluded.resolved, on_time = t.on_time + excluded.on_time;
        RETURN NULL;
      END
      $fn$
    $function$, change.name, change.changed_rows);
    EXECUTE format(
      'CREATE TRIGGER "reports_keep_on_time_%1$s" AFTER %2$s ON "reports" %3$s FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep_on_time_%1$s"()',
      change.name, change.operation, change.transition_tables);
  END LOOP;
END
$do$;
--> statement-breakpoint
CREATE FUNCTION "reports_clear_on_time"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM report_on_time_counts;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "reports_clear_on_time" AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "reports_clear_on_time"();
--> statement-breakpoint
-- The reports already there.
SELECT report_on_time_recount(NULL);
