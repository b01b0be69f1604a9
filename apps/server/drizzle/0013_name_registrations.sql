CREATE TABLE "name_registrations" (
	"name" text PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"project_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "name_registrations_ip_idx" ON "name_registrations" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "name_registrations_project_idx" ON "name_registrations" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "name_registrations_at_idx" ON "name_registrations" USING btree ("at");