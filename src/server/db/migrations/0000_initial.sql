CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categorie" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categorie_nom_not_blank" CHECK (length(trim("categorie"."nom")) > 0)
);
--> statement-breakpoint
CREATE TABLE "categorie_organization" (
	"organization_id" uuid NOT NULL,
	"categorie_id" integer NOT NULL,
	CONSTRAINT "categorie_organization_organization_id_categorie_id_pk" PRIMARY KEY("organization_id","categorie_id")
);
--> statement-breakpoint
CREATE TABLE "citizen_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"lat_key" integer NOT NULL,
	"lon_key" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_lat_key_lon_key_pk" PRIMARY KEY("lat_key","lon_key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"organization_id" uuid,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'info' NOT NULL,
	"anonymous_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "organizations_status_check" CHECK ("organizations"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "organizations_type_check" CHECK ("organizations"."type" in ('mairie', 'conseil_departemental', 'prefecture', 'services_publics', 'entreprise_service', 'ong', 'association', 'autre'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"user_type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_user_type_check" CHECK ("refresh_tokens"."user_type" in ('admin', 'organization'))
);
--> statement-breakpoint
CREATE TABLE "report_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_events_kind_check" CHECK ("report_events"."kind" in ('created', 'claimed', 'status_changed', 'priority_changed', 'message_sent', 'supported', 'confirmed', 'reopened')),
	CONSTRAINT "report_events_actor_type_check" CHECK ("report_events"."actor_type" in ('citizen', 'organization', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "report_follows" (
	"report_id" uuid NOT NULL,
	"reporter_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_follows_reporter_hash_report_id_pk" PRIMARY KEY("reporter_hash","report_id")
);
--> statement-breakpoint
CREATE TABLE "report_supports" (
	"report_id" uuid NOT NULL,
	"reporter_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_supports_report_id_reporter_hash_pk" PRIMARY KEY("report_id","reporter_hash")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anonymous_code" text NOT NULL,
	"category_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'en-attente' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"address" text,
	"department" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"photo_url" text,
	"photo_thumb_url" text,
	"audio_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_organization_id" uuid,
	"claimed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"estimated_resolution_time" text DEFAULT '' NOT NULL,
	"actual_resolution_time" text DEFAULT '' NOT NULL,
	"reporter_hash" text,
	"idempotency_key" text,
	"supporters_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('en-attente', 'en-cours', 'resolu', 'rejete')),
	CONSTRAINT "reports_priority_check" CHECK ("reports"."priority" in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "reports_latitude_check" CHECK ("reports"."latitude" between -90 and 90),
	CONSTRAINT "reports_longitude_check" CHECK ("reports"."longitude" between -180 and 180),
	CONSTRAINT "reports_supporters_count_check" CHECK ("reports"."supporters_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "superadmin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"email" text,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "superadmin_status_check" CHECK ("superadmin"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_superadmin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."superadmin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorie_organization" ADD CONSTRAINT "categorie_organization_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorie_organization" ADD CONSTRAINT "categorie_organization_categorie_id_categorie_id_fk" FOREIGN KEY ("categorie_id") REFERENCES "public"."categorie"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_events" ADD CONSTRAINT "report_events_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_follows" ADD CONSTRAINT "report_follows_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_supports" ADD CONSTRAINT "report_supports_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_id_categorie_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categorie"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assigned_organization_id_organizations_id_fk" FOREIGN KEY ("assigned_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "categorie_nom_lower_key" ON "categorie" USING btree (lower("nom"));--> statement-breakpoint
CREATE INDEX "categorie_organization_categorie_idx" ON "categorie_organization" USING btree ("categorie_id");--> statement-breakpoint
CREATE INDEX "notifications_report_idx" ON "notifications" USING btree ("report_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_organization_idx" ON "notifications" USING btree ("organization_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_email_lower_key" ON "organizations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE INDEX "report_events_report_idx" ON "report_events" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "report_follows_report_idx" ON "report_follows" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_anonymous_code_key" ON "reports" USING btree ("anonymous_code");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_idempotency_key_key" ON "reports" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "reports_created_at_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_assigned_idx" ON "reports" USING btree ("assigned_organization_id","claimed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_available_idx" ON "reports" USING btree ("category_id","created_at" DESC NULLS FIRST) WHERE "reports"."assigned_organization_id" is null and "reports"."status" <> 'rejete';--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_hash");--> statement-breakpoint
CREATE INDEX "reports_location_idx" ON "reports" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE UNIQUE INDEX "superadmin_username_lower_key" ON "superadmin" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "superadmin_email_lower_key" ON "superadmin" USING btree (lower("email"));