CREATE TABLE "after_order_asks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_experiments" (
	"customer_id" uuid NOT NULL,
	"experiment_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_experiments_customer_id_experiment_id_pk" PRIMARY KEY("customer_id","experiment_id")
);
--> statement-breakpoint
CREATE TABLE "experiment_variants" (
	"experiment_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "experiment_variants_experiment_id_id_pk" PRIMARY KEY("experiment_id","id"),
	CONSTRAINT "experiment_variants_weight_nonnegative" CHECK ("experiment_variants"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"block" integer NOT NULL,
	"week_ids" uuid[] NOT NULL,
	"voucher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_feedback" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"nps_rating" smallint NOT NULL,
	"reason" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_feedback_nps_range" CHECK ("order_feedback"."nps_rating" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"restaurant_id" text,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"staff_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_stars_range" CHECK ("order_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "product_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_item_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_ratings_stars_range" CHECK ("product_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"voucher_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"order_id" uuid,
	"reward_amount" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."friend_id")
);
--> statement-breakpoint
CREATE TABLE "shop_staff" (
	"customer_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_staff_customer_id_role_pk" PRIMARY KEY("customer_id","role")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"topic" text NOT NULL,
	"order_id" uuid,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_lot_spends" (
	"transaction_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"transaction_id" uuid,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_lots_remaining_range" CHECK ("store_credit_lots"."remaining" >= 0 and "store_credit_lots"."remaining" <= "store_credit_lots"."amount")
);
--> statement-breakpoint
ALTER TABLE "store_credit_transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "beta" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "after_order_asks" ADD CONSTRAINT "after_order_asks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_experiments" ADD CONSTRAINT "customer_experiments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_experiments" ADD CONSTRAINT "customer_experiments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_feedback" ADD CONSTRAINT "order_feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_feedback" ADD CONSTRAINT "order_feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_customers_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_staff" ADD CONSTRAINT "shop_staff_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lot_spends" ADD CONSTRAINT "credit_lot_spends_transaction_id_store_credit_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."store_credit_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lot_spends" ADD CONSTRAINT "credit_lot_spends_lot_id_store_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."store_credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_lots" ADD CONSTRAINT "store_credit_lots_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_lots" ADD CONSTRAINT "store_credit_lots_transaction_id_store_credit_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."store_credit_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_rewards_block_idx" ON "loyalty_rewards" USING btree ("subscription_id","block");--> statement-breakpoint
CREATE INDEX "loyalty_rewards_customer_idx" ON "loyalty_rewards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_ratings_order_idx" ON "order_ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_ratings_restaurant_idx" ON "order_ratings" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_ratings_line_item_idx" ON "product_ratings" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "product_ratings_product_idx" ON "product_ratings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_ratings_customer_idx" ON "product_ratings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_idx" ON "referrals" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_pending_idx" ON "referrals" USING btree ("created_at") WHERE "referrals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_reference_idx" ON "support_tickets" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "support_tickets_customer_idx" ON "support_tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_state_idx" ON "support_tickets" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "credit_lot_spends_transaction_idx" ON "credit_lot_spends" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "credit_lot_spends_lot_idx" ON "credit_lot_spends" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "store_credit_lots_customer_idx" ON "store_credit_lots" USING btree ("customer_id","expires_at");--> statement-breakpoint
CREATE INDEX "store_credit_lots_expiring_idx" ON "store_credit_lots" USING btree ("expires_at") WHERE "store_credit_lots"."remaining" > 0 and "store_credit_lots"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_transactions_expiry_idx" ON "store_credit_transactions" USING btree ("reference") WHERE "store_credit_transactions"."reason" = 'expired';--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_transactions_referral_idx" ON "store_credit_transactions" USING btree ("reference") WHERE "store_credit_transactions"."reason" = 'referral';--> statement-breakpoint
CREATE INDEX "vouchers_customer_idx" ON "vouchers" USING btree ("customer_id") WHERE "vouchers"."customer_id" is not null;--> statement-breakpoint
-- One wallet (decision 30): credit held before lots existed is one lot per customer that never expires.
INSERT INTO "store_credit_lots" ("customer_id", "source", "description", "amount", "remaining")
SELECT "id", 'legacy', 'Credit', "store_credits", "store_credits" FROM "customers" WHERE "store_credits" > 0;
