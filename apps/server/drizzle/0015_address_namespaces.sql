CREATE TABLE "auth_addresses" (
	"user_id" uuid NOT NULL,
	"namespace" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_addresses_user_id_namespace_pk" PRIMARY KEY("user_id","namespace")
);
--> statement-breakpoint
ALTER TABLE "auth_addresses" ADD CONSTRAINT "auth_addresses_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_addresses_address_idx" ON "auth_addresses" USING btree ("namespace","address");--> statement-breakpoint
-- Every address of the per-chain columns becomes a row before the columns go: none is lost.
INSERT INTO "auth_addresses" ("user_id", "namespace", "address", "created_at") SELECT "id", 'eip155', "evm_address", "created_at" FROM "auth_users" WHERE "evm_address" IS NOT NULL;--> statement-breakpoint
INSERT INTO "auth_addresses" ("user_id", "namespace", "address", "created_at") SELECT "id", 'solana', "solana_address", "created_at" FROM "auth_users" WHERE "solana_address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" DROP COLUMN "evm_address";--> statement-breakpoint
ALTER TABLE "auth_users" DROP COLUMN "solana_address";