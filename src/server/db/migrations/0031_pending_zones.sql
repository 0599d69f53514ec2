-- Issue 47, point 10: an approved organisation's new zone waits for an administrator, as a new
-- name does (0012): its communes are kept apart, with when it asked, until an administrator decides.
CREATE TABLE "organization_pending_areas" (
	"organization_id" uuid NOT NULL,
	"area_id" smallint NOT NULL,
	CONSTRAINT "organization_pending_areas_organization_id_area_id_pk" PRIMARY KEY("organization_id","area_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pending_zone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_pending_areas" ADD CONSTRAINT "organization_pending_areas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_pending_areas" ADD CONSTRAINT "organization_pending_areas_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;