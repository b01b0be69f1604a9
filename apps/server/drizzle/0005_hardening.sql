CREATE TABLE "auth_email_locks" (
	"email" text PRIMARY KEY NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"locks" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "secret_hash" text;--> statement-breakpoint
-- Older installs may hold several unconsumed codes per address and purpose: keep the newest.
UPDATE "auth_codes" SET "consumed_at" = now() WHERE "consumed_at" IS NULL AND "id" NOT IN (SELECT max("id") FROM "auth_codes" WHERE "consumed_at" IS NULL GROUP BY "email", "purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_codes_one_live" ON "auth_codes" USING btree ("email","purpose") WHERE "auth_codes"."consumed_at" is null;