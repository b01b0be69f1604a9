CREATE TABLE "chain_account_transactions" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	CONSTRAINT "chain_account_transactions_chain_id_block_number_tx_index_address_pk" PRIMARY KEY("chain_id","block_number","tx_index","address")
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "chain_checkpoints" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"item" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"kind" text NOT NULL,
	"token" text,
	"token_id" numeric(78, 0),
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "chain_events_chain_id_tx_hash_log_index_item_pk" PRIMARY KEY("chain_id","tx_hash","log_index","item")
);
--> statement-breakpoint
CREATE TABLE "chain_nfts" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"token_uri" text,
	"name" text,
	"image_url" text,
	CONSTRAINT "chain_nfts_chain_id_contract_token_id_pk" PRIMARY KEY("chain_id","contract","token_id")
);
--> statement-breakpoint
CREATE TABLE "chain_tokens" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"standard" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	"spam_reason" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" bigint NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"contract_address" text,
	"nonce" bigint NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"status" smallint NOT NULL,
	"selector" text,
	CONSTRAINT "chain_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash")
);
--> statement-breakpoint
CREATE INDEX "chain_account_tx_chain_idx" ON "chain_account_transactions" USING btree ("chain_id","address","mined_at","block_number","tx_index");--> statement-breakpoint
CREATE INDEX "chain_account_tx_all_idx" ON "chain_account_transactions" USING btree ("address","mined_at","block_number","tx_index","chain_id");--> statement-breakpoint
CREATE INDEX "chain_events_block_idx" ON "chain_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_transactions_block_idx" ON "chain_transactions" USING btree ("chain_id","block_number");