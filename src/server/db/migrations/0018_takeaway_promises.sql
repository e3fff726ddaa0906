ALTER TABLE "takeaway_orders" ADD COLUMN "rejected_by" text;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD COLUMN "accept_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD COLUMN "tracking_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_orders_tracking_idx" ON "takeaway_orders" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "takeaway_orders_accept_idx" ON "takeaway_orders" USING btree ("accept_by") WHERE "takeaway_orders"."accepted_at" is null and "takeaway_orders"."rejected_at" is null;