CREATE TABLE "onramp_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"provider" text NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"asset_address" text,
	"address" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_amount" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"provider_tx_id" text,
	"crypto_amount" text,
	"tx_hash" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"polled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onramp_webhook_deliveries" (
	"provider" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" bigint NOT NULL,
	CONSTRAINT "onramp_webhook_deliveries_provider_signature_pk" PRIMARY KEY("provider","signature")
);
--> statement-breakpoint
CREATE INDEX "onramp_sessions_project_idx" ON "onramp_sessions" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "onramp_webhook_deliveries_signed_at_idx" ON "onramp_webhook_deliveries" USING btree ("signed_at");