CREATE TABLE "polkadot_account_extrinsics" (
	"chain" text NOT NULL,
	"account" text NOT NULL,
	"block_number" bigint NOT NULL,
	"extrinsic_index" integer NOT NULL,
	CONSTRAINT "polkadot_account_extrinsics_chain_account_block_number_extrinsic_index_pk" PRIMARY KEY("chain","account","block_number","extrinsic_index")
);
--> statement-breakpoint
CREATE TABLE "polkadot_checkpoints" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polkadot_extrinsics" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"extrinsic_index" integer NOT NULL,
	"hash" text NOT NULL,
	"mined_at" bigint NOT NULL,
	"signer" text,
	"nonce" bigint,
	"call" text NOT NULL,
	"dest" text,
	"success" boolean NOT NULL,
	"fee" numeric(40, 0),
	CONSTRAINT "polkadot_extrinsics_chain_block_number_extrinsic_index_pk" PRIMARY KEY("chain","block_number","extrinsic_index")
);
--> statement-breakpoint
CREATE TABLE "polkadot_transfers" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"event_index" integer NOT NULL,
	"extrinsic_index" integer NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	CONSTRAINT "polkadot_transfers_chain_block_number_event_index_pk" PRIMARY KEY("chain","block_number","event_index")
);
