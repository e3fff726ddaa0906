ALTER TABLE "subscriptions" ADD COLUMN "resume_week" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_resume_week_idx" ON "subscriptions" USING btree ("resume_week") WHERE "subscriptions"."resume_week" is not null;