CREATE TABLE "auth_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "auth_social_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"flow_token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"project_id" text NOT NULL,
	"page_origin" text NOT NULL,
	"device_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"identity" jsonb,
	"result_code_hash" text,
	"error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_social_flows_flow_token_hash_unique" UNIQUE("flow_token_hash"),
	CONSTRAINT "auth_social_flows_result_code_hash_unique" UNIQUE("result_code_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "social_provider" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "social_subject" text;--> statement-breakpoint
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_identities_user_idx" ON "auth_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_social_flows_expiry_idx" ON "auth_social_flows" USING btree ("expires_at");