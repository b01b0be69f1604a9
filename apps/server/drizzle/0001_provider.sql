CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"client_timestamp" timestamp with time zone NOT NULL,
	"sdk_type" text NOT NULL,
	"sdk_version" text NOT NULL,
	"event" text NOT NULL,
	"address" text,
	"properties" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_id" text NOT NULL,
	"rdns" text,
	"chains" text[] DEFAULT '{}'::text[] NOT NULL,
	"homepage" text,
	"mobile_link" text,
	"desktop_link" text,
	"webapp_link" text,
	"app_store" text,
	"play_store" text,
	"chrome_store" text,
	"injected" jsonb,
	"badge_type" text DEFAULT 'none' NOT NULL,
	"order" integer DEFAULT 1000 NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"client_timestamp" timestamp with time zone NOT NULL,
	"sdk_type" text NOT NULL,
	"sdk_version" text NOT NULL,
	"event" text NOT NULL,
	"error_type" text NOT NULL,
	"error_message" text NOT NULL,
	"stack_trace" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_event" ON "analytics_events" USING btree ("project_id","event_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name" ON "analytics_events" USING btree ("project_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_wallets_image_id" ON "catalogue_wallets" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "error_reports_event" ON "error_reports" USING btree ("project_id","event_id");