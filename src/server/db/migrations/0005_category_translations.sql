-- The default categories of the first start (src/domain/category-rules.ts) in English and Wolof,
-- for the databases made before: a category that still bears its default French name gets them.
ALTER TABLE "categorie" ADD COLUMN "nom_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categorie" ADD COLUMN "nom_wo" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "categorie" SET "nom_en" = 'Roads', "nom_wo" = 'Mbedd yi' WHERE lower("nom") = lower('Voirie');--> statement-breakpoint
UPDATE "categorie" SET "nom_en" = 'Street lighting', "nom_wo" = 'Leeru mbedd yi' WHERE lower("nom") = lower('Éclairage public');--> statement-breakpoint
UPDATE "categorie" SET "nom_en" = 'Cleanliness', "nom_wo" = 'Set-setal' WHERE lower("nom") = lower('Propreté');--> statement-breakpoint
UPDATE "categorie" SET "nom_en" = 'Sanitation', "nom_wo" = 'Tuyo ak ndox mu ñaaw' WHERE lower("nom") = lower('Assainissement');--> statement-breakpoint
UPDATE "categorie" SET "nom_en" = 'Other', "nom_wo" = 'Yeneen' WHERE lower("nom") = lower('Autre');