ALTER TABLE "customers" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Every account made before instant sign-up (decision 18) was confirmed by its link or a provider.
UPDATE "customers" SET "email_confirmed_at" = "created_at";