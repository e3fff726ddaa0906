CREATE TABLE "courier_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"pickup_name" text NOT NULL,
	"pickup_lat" double precision NOT NULL,
	"pickup_lon" double precision NOT NULL,
	"dropoff_name" text NOT NULL,
	"dropoff_lat" double precision NOT NULL,
	"dropoff_lon" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL,
	"rider_name" text NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "courier_deliveries_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "product_snoozes" (
	"restaurant_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"snoozed_by" uuid,
	"snoozed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_snoozes_restaurant_id_product_id_pk" PRIMARY KEY("restaurant_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"site" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"prep_minutes" smallint NOT NULL,
	"delivery_radius_miles" double precision NOT NULL,
	"delivery_fee" integer NOT NULL,
	"free_delivery_from" integer,
	"minimum_spend" integer NOT NULL,
	"slot_capacity" smallint NOT NULL,
	"offers_delivery" boolean DEFAULT true NOT NULL,
	"offers_pickup" boolean DEFAULT true NOT NULL,
	"offers_eat_in" boolean DEFAULT true NOT NULL,
	"offers_catering" boolean DEFAULT true NOT NULL,
	"catering_minimum_spend" integer NOT NULL,
	"catering_lead_hours" smallint NOT NULL,
	"table_count" smallint DEFAULT 0 NOT NULL,
	"has_table_numbers" boolean DEFAULT true NOT NULL,
	"table_number_prompt" text,
	"open_tab_checkouts" boolean DEFAULT false NOT NULL,
	"busy_minutes" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_id_slug" CHECK ("restaurants"."id" ~ '^[a-z0-9-]{1,40}$'),
	CONSTRAINT "restaurants_amounts" CHECK ("restaurants"."delivery_fee" >= 0 and "restaurants"."minimum_spend" >= 0 and "restaurants"."catering_minimum_spend" >= 0),
	CONSTRAINT "restaurants_prep" CHECK ("restaurants"."prep_minutes" between 0 and 240 and "restaurants"."busy_minutes" between 0 and 240),
	CONSTRAINT "restaurants_capacity" CHECK ("restaurants"."slot_capacity" between 1 and 500),
	CONSTRAINT "restaurants_radius" CHECK ("restaurants"."delivery_radius_miles" > 0 and "restaurants"."delivery_radius_miles" <= 50)
);
--> statement-breakpoint
CREATE TABLE "staff_memberships" (
	"customer_id" uuid NOT NULL,
	"restaurant_id" text NOT NULL,
	"role" text DEFAULT 'kitchen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_memberships_customer_id_restaurant_id_pk" PRIMARY KEY("customer_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "takeaway_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	"channel" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_category_products" (
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "takeaway_category_products_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "takeaway_product_modifiers" (
	"product_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "takeaway_product_modifiers_product_id_modifier_id_pk" PRIMARY KEY("product_id","modifier_id")
);
--> statement-breakpoint
CREATE TABLE "takeaway_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text DEFAULT 'takeaway' NOT NULL,
	"modifier_group" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"fulfillment_types" text[] DEFAULT '{delivery,pickup,eat_in}'::text[] NOT NULL,
	"serves" smallint,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "takeaway_products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "takeaway_products_price" CHECK ("takeaway_products"."price" >= 0),
	CONSTRAINT "takeaway_products_modifier_group" CHECK (("takeaway_products"."kind" = 'modifier') = ("takeaway_products"."modifier_group" is not null))
);
--> statement-breakpoint
CREATE TABLE "customer_allergen_profiles" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"allergens" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_allergen_profiles_codes" CHECK ("customer_allergen_profiles"."allergens" <@ '{100,101,102,103,104,105,106,107,108,109,110,111,112,113}'::smallint[])
);
--> statement-breakpoint
CREATE TABLE "kitchen_boards" (
	"restaurant_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_basket_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"modifier_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"modifier_key" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takeaway_basket_items_quantity" CHECK ("takeaway_basket_items"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "takeaway_baskets" (
	"basket_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" text,
	"fulfillment_type" text,
	"asap" boolean DEFAULT true NOT NULL,
	"slot_start" timestamp with time zone,
	"address" jsonb,
	"customer_email" text,
	"is_catering_order" boolean DEFAULT false NOT NULL,
	"table_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_order_lines" (
	"line_item_id" uuid PRIMARY KEY NOT NULL,
	"product_id" integer,
	"modifiers" jsonb NOT NULL,
	"note" text,
	"allergens" smallint[] DEFAULT '{}'::smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"fulfillment_type" text NOT NULL,
	"is_catering_order" boolean DEFAULT false NOT NULL,
	"asap" boolean NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"promised_from" timestamp with time zone NOT NULL,
	"promised_to" timestamp with time zone NOT NULL,
	"eta_from" timestamp with time zone NOT NULL,
	"eta_to" timestamp with time zone NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"phone" text,
	"table_number" text,
	"customer_allergens" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"allergens_confirmed_at" timestamp with time zone,
	"allergens_acknowledged_at" timestamp with time zone,
	"allergens_acknowledged_by" uuid,
	"prep_minutes" smallint,
	"paid_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"out_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejected_reason" text,
	"refunded_at" timestamp with time zone,
	"courier_ref" text,
	"late_credited_at" timestamp with time zone,
	"late_credit" integer,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takeaway_orders_promise" CHECK ("takeaway_orders"."promised_from" <= "takeaway_orders"."promised_to" and "takeaway_orders"."eta_from" <= "takeaway_orders"."eta_to")
);
--> statement-breakpoint
CREATE TABLE "takeaway_slots" (
	"restaurant_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "takeaway_slots_restaurant_id_starts_at_pk" PRIMARY KEY("restaurant_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "product_snoozes" ADD CONSTRAINT "product_snoozes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_snoozes" ADD CONSTRAINT "product_snoozes_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_snoozes" ADD CONSTRAINT "product_snoozes_snoozed_by_customers_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD CONSTRAINT "staff_memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD CONSTRAINT "staff_memberships_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_category_products" ADD CONSTRAINT "takeaway_category_products_category_id_takeaway_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."takeaway_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_category_products" ADD CONSTRAINT "takeaway_category_products_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_product_modifiers" ADD CONSTRAINT "takeaway_product_modifiers_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_product_modifiers" ADD CONSTRAINT "takeaway_product_modifiers_modifier_id_takeaway_products_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_allergen_profiles" ADD CONSTRAINT "customer_allergen_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_boards" ADD CONSTRAINT "kitchen_boards_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_basket_items" ADD CONSTRAINT "takeaway_basket_items_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_basket_items" ADD CONSTRAINT "takeaway_basket_items_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_baskets" ADD CONSTRAINT "takeaway_baskets_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_baskets" ADD CONSTRAINT "takeaway_baskets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_order_lines" ADD CONSTRAINT "takeaway_order_lines_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_order_lines" ADD CONSTRAINT "takeaway_order_lines_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD CONSTRAINT "takeaway_orders_allergens_acknowledged_by_customers_id_fk" FOREIGN KEY ("allergens_acknowledged_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_slots" ADD CONSTRAINT "takeaway_slots_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_snoozes_until_idx" ON "product_snoozes" USING btree ("restaurant_id","until");--> statement-breakpoint
CREATE INDEX "staff_memberships_restaurant_idx" ON "staff_memberships" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_basket_items_line_idx" ON "takeaway_basket_items" USING btree ("basket_id","product_id","modifier_key","note");--> statement-breakpoint
CREATE INDEX "takeaway_orders_slot_idx" ON "takeaway_orders" USING btree ("restaurant_id","slot_start");--> statement-breakpoint
CREATE INDEX "takeaway_orders_board_idx" ON "takeaway_orders" USING btree ("restaurant_id","version");--> statement-breakpoint
CREATE INDEX "takeaway_orders_late_idx" ON "takeaway_orders" USING btree ("delivered_at") WHERE "takeaway_orders"."late_credited_at" is null and "takeaway_orders"."delivered_at" > "takeaway_orders"."promised_to";--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_transactions_late_delivery_idx" ON "store_credit_transactions" USING btree ("reference") WHERE "store_credit_transactions"."reason" = 'late_delivery';--> statement-breakpoint
CREATE INDEX "payments_refund_owed_idx" ON "payments" USING btree ("refund_requested_at") WHERE "payments"."refund_requested_at" is not null and "payments"."status" = 'succeeded';