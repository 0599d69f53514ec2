-- Issue 30, point 2: the limits of the communes an administrator imports (GeoJSON, from
-- OpenStreetMap), kept as PostgreSQL polygons; `area_at` now gives a point the commune whose
-- polygons hold it, and falls back to the nearest centre (0017's rule) outside every polygon.
-- area_recount holds the recount of every report's commune that follows an import (done in the
-- background, in batches, by any instance).
CREATE TABLE "area_recount" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"after_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_recount_single_check" CHECK ("area_recount"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "area_rings" (
	"area_id" smallint NOT NULL,
	"polygon" smallint NOT NULL,
	"ring" smallint NOT NULL,
	"outline" "polygon" NOT NULL,
	"bounds" "box" NOT NULL,
	CONSTRAINT "area_rings_area_id_polygon_ring_pk" PRIMARY KEY("area_id","polygon","ring")
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "boundary" jsonb;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "boundary_imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "area_rings" ADD CONSTRAINT "area_rings_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "area_at"(latitude double precision, longitude double precision) RETURNS smallint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT outer_ring.area_id FROM "area_rings" outer_ring
      WHERE outer_ring.ring = 0
        AND outer_ring.bounds @> point($2, $1) AND outer_ring.outline @> point($2, $1)
        AND NOT EXISTS (
          SELECT 1 FROM "area_rings" hole
          WHERE hole.area_id = outer_ring.area_id AND hole.polygon = outer_ring.polygon AND hole.ring > 0
            AND hole.bounds @> point($2, $1) AND hole.outline @> point($2, $1))
      ORDER BY outer_ring.area_id
      LIMIT 1),
    (SELECT nearest.id FROM (
        SELECT a.id, a.radius_m, 2 * 6371000 * asin(least(1, sqrt(
            power(sin(radians(a.latitude - $1) / 2), 2)
            + cos(radians($1)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - $2) / 2), 2)
          ))) AS metres
        FROM "areas" a
        ORDER BY 3, 1
        LIMIT 1
      ) nearest
      WHERE nearest.metres <= nearest.radius_m + 1500))
$$;
