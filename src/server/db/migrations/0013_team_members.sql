-- Issue 29: an organisation is a team of members, each with their own login.
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invitation_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"invitation_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "organization_members_role_check" CHECK ("organization_members"."role" in ('responsable', 'agent')),
	CONSTRAINT "organization_members_status_check" CHECK ("organization_members"."status" in ('invited', 'active', 'disabled')),
	CONSTRAINT "organization_members_password_check" CHECK ("organization_members"."status" = 'invited' or "organization_members"."password_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_email_lower_key" ON "organization_members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_invitation_key" ON "organization_members" USING btree ("invitation_hash");--> statement-breakpoint
CREATE INDEX "organization_members_organization_idx" ON "organization_members" USING btree ("organization_id");--> statement-breakpoint
-- Every organisation's login becomes its first responsable, named after the organisation, under
-- the organisation's own id: the sessions it has open (their tokens name that id) go on, and
-- whoever signed in with the organisation's e-mail and password still does.
INSERT INTO "organization_members"
  ("id", "organization_id", "name", "email", "role", "status", "password_hash", "password_changed_at", "created_at", "last_login")
  SELECT "id", "id", "name", "email", 'responsable', 'active', "password_hash", "password_changed_at", "created_at", "last_login"
  FROM "organizations";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "password_hash";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "password_changed_at";