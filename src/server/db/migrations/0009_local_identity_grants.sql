CREATE TABLE "local_identity_grants" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "local_identity_grants_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "local_identity_grants_expiry_idx" ON "local_identity_grants" USING btree ("expires_at");