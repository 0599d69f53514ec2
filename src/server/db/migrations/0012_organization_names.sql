-- Issue 27, point 4: an approved organisation's new name waits for an administrator, and names are
-- normalised and unique whatever their case and accents.
ALTER TABLE "organizations" ADD COLUMN "pending_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pending_name_at" timestamp with time zone;--> statement-breakpoint
-- The names already kept, written as normalizeOrganizationName (src/domain/organization-rules.ts)
-- writes them: composed, without control or invisible format characters, spaces collapsed.
UPDATE "organizations" SET "name" = btrim(regexp_replace(regexp_replace(regexp_replace(
  normalize("name", NFC),
  '[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]', ' ', 'g'),
  '[\u0001-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]', '', 'g'),
  ' {2,}', ' ', 'g'));--> statement-breakpoint
-- Two organisations of one name (in any case or accents) could not both stay: the later ones
-- take a number, "Mairie de Médina (2)", which their organisation may change.
UPDATE "organizations" SET "name" = numbered."name" || ' (' || numbered."rank" || ')'
  FROM (
    SELECT "id", "name", row_number() OVER (PARTITION BY search_text("name") ORDER BY "created_at", "id") AS "rank"
    FROM "organizations"
  ) AS numbered
  WHERE numbered."id" = "organizations"."id" AND numbered."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_folded_key" ON "organizations" USING btree (search_text("name"));
