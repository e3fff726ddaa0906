ALTER TABLE "payments" ADD COLUMN "intent_cancel" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_cancel_pending_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."intent_cancel" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_transactions_payment_return_idx" ON "store_credit_transactions" USING btree ("reference") WHERE "store_credit_transactions"."reason" = 'payment_failed';