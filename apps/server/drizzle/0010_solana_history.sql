CREATE TABLE "solana_account_transactions" (
	"cluster" text NOT NULL,
	"address" text NOT NULL,
	"block_time" bigint NOT NULL,
	"slot" bigint NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "solana_account_transactions_cluster_address_signature_pk" PRIMARY KEY("cluster","address","signature")
);
--> statement-breakpoint
CREATE TABLE "solana_accounts" (
	"cluster" text NOT NULL,
	"address" text NOT NULL,
	"newest_signature" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solana_accounts_cluster_address_pk" PRIMARY KEY("cluster","address")
);
--> statement-breakpoint
CREATE TABLE "solana_mints" (
	"cluster" text NOT NULL,
	"mint" text NOT NULL,
	"spam_reason" text,
	CONSTRAINT "solana_mints_cluster_mint_pk" PRIMARY KEY("cluster","mint")
);
--> statement-breakpoint
CREATE TABLE "solana_transactions" (
	"cluster" text NOT NULL,
	"signature" text NOT NULL,
	"slot" bigint NOT NULL,
	"block_time" bigint NOT NULL,
	"fee_payer" text NOT NULL,
	"sent_to" text NOT NULL,
	"status" smallint NOT NULL,
	"fee" numeric(20, 0) NOT NULL,
	CONSTRAINT "solana_transactions_cluster_signature_pk" PRIMARY KEY("cluster","signature")
);
--> statement-breakpoint
CREATE TABLE "solana_transfers" (
	"cluster" text NOT NULL,
	"signature" text NOT NULL,
	"item" integer NOT NULL,
	"mint" text,
	"from_owner" text NOT NULL,
	"to_owner" text NOT NULL,
	"amount" numeric(20, 0) NOT NULL,
	"decimals" integer NOT NULL,
	CONSTRAINT "solana_transfers_cluster_signature_item_pk" PRIMARY KEY("cluster","signature","item")
);
--> statement-breakpoint
CREATE INDEX "solana_account_tx_page_idx" ON "solana_account_transactions" USING btree ("cluster","address","block_time","slot","signature");