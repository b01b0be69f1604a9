CREATE TABLE "account_names" (
	"name" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"attributes" jsonb NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_names_address_idx" ON "account_names" USING btree ("address","registered_at");