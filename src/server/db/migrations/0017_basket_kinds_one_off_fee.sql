DROP INDEX "baskets_one_per_type_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "one_off_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_one_per_kind_idx" ON "baskets" USING btree ("visitor_id","type","start_subscription");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_off_fee" CHECK ("orders"."one_off_fee" between 0 and "orders"."shipping_price");