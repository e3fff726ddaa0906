ALTER TABLE "payment_methods" ADD COLUMN "provisional" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "unanswered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_methods_provisional_idx" ON "payment_methods" USING btree ("created_at") WHERE "payment_methods"."provisional" is not null;--> statement-breakpoint
CREATE INDEX "payments_unanswered_idx" ON "payments" USING btree ("unanswered_at") WHERE "payments"."unanswered_at" is not null and "payments"."status" = 'processing';