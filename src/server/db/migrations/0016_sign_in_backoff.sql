CREATE TABLE "backoffs" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backoffs_last_failure_idx" ON "backoffs" USING btree ("last_failure_at");