CREATE TABLE "chain_index_leases" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"term" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL
);
