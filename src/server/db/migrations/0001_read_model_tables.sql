CREATE TABLE "report_counts" (
	"category_id" integer NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"assigned" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"resolved_n" bigint DEFAULT 0 NOT NULL,
	"resolution_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_counts_category_id_status_priority_assigned_pk" PRIMARY KEY("category_id","status","priority","assigned")
);
--> statement-breakpoint
CREATE TABLE "report_daily_counts" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"assigned" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_counts_day_category_id_status_priority_assigned_pk" PRIMARY KEY("day","category_id","status","priority","assigned")
);
--> statement-breakpoint
CREATE TABLE "report_map_cells" (
	"z" smallint NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"lat_sum" double precision DEFAULT 0 NOT NULL,
	"lon_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_map_cells_z_x_y_pk" PRIMARY KEY("z","x","y")
);
--> statement-breakpoint
DROP INDEX "reports_assigned_idx";--> statement-breakpoint
DROP INDEX "reports_available_idx";--> statement-breakpoint
DROP INDEX "reports_status_idx";--> statement-breakpoint
CREATE INDEX "reports_supporters_idx" ON "reports" USING btree ("supporters_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_assigned_idx" ON "reports" USING btree ("assigned_organization_id","claimed_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_available_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id") WHERE "reports"."assigned_organization_id" is null and "reports"."status" <> 'rejete';--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);