-- Issue 47, points 5 and 6: an invitation reserves no address (only logins are unique; one team
-- holds one address once), invitations sent are counted for their daily limits, and members'
-- names are kept as organisations' are.
CREATE TABLE "invitation_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"recipient_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "organization_members_email_lower_key";--> statement-breakpoint
ALTER TABLE "invitation_sends" ADD CONSTRAINT "invitation_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_sends_organization_idx" ON "invitation_sends" USING btree ("organization_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_organization_email_key" ON "organization_members" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_email_lower_key" ON "organization_members" USING btree (lower("email")) WHERE "organization_members"."status" <> 'invited';--> statement-breakpoint
-- The names already kept, written as memberNameSchema (src/domain/team.ts) writes them, with
-- normalizeOrganizationName's rules (as migration 0012 wrote organisations' names): composed,
-- without control or invisible format characters, spaces collapsed. Nothing is left of a name
-- made of invisible characters only: it becomes its address's local part.
UPDATE "organization_members" SET "name" = btrim(regexp_replace(regexp_replace(regexp_replace(
  normalize("name", NFC),
  '[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]', ' ', 'g'),
  '[\u0001-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]', '', 'g'),
  ' {2,}', ' ', 'g'));--> statement-breakpoint
UPDATE "organization_members" SET "name" = split_part("email", '@', 1) WHERE "name" = '';
