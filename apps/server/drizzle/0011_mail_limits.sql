CREATE TABLE "auth_mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"project_id" text NOT NULL,
	"page_origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_devices" ADD COLUMN "approval_origin" text;--> statement-breakpoint
ALTER TABLE "auth_devices" ADD COLUMN "approval_agent" text;--> statement-breakpoint
CREATE INDEX "auth_mail_log_email_idx" ON "auth_mail_log" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "auth_mail_log_origin_idx" ON "auth_mail_log" USING btree ("page_origin","created_at");--> statement-breakpoint
CREATE INDEX "auth_mail_log_project_idx" ON "auth_mail_log" USING btree ("project_id","created_at");