CREATE TABLE "dine_in_bill_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tab_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"member_id" uuid,
	"amount" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"checkout_id" uuid,
	"paid_by" uuid,
	"tip" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "dine_in_bill_parts_amounts" CHECK ("dine_in_bill_parts"."amount" >= 0 and "dine_in_bill_parts"."tip" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dine_in_rounds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"tab_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dine_in_tab_members" (
	"tab_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dine_in_tab_members_tab_id_customer_id_pk" PRIMARY KEY("tab_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "dine_in_tabs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" text NOT NULL,
	"table_number" text,
	"checkout_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"state" text DEFAULT 'opening' NOT NULL,
	"hold_limit" integer NOT NULL,
	"pending_limit" integer,
	"auto_close_at" timestamp with time zone NOT NULL,
	"join_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"split" text,
	"holder_tip" integer,
	"capture_amount" integer,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"closed_by_staff" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dine_in_tabs_limit" CHECK ("dine_in_tabs"."hold_limit" > 0 and ("dine_in_tabs"."pending_limit" is null or "dine_in_tabs"."pending_limit" > 0)),
	CONSTRAINT "dine_in_tabs_tip" CHECK ("dine_in_tabs"."holder_tip" is null or "dine_in_tabs"."holder_tip" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"restaurant_id" text NOT NULL,
	"number" text NOT NULL,
	"seats" smallint DEFAULT 4 NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "dining_tables_restaurant_id_number_pk" PRIMARY KEY("restaurant_id","number"),
	CONSTRAINT "dining_tables_number" CHECK ("dining_tables"."number" ~ '^[A-Za-z0-9 -]{1,12}$'),
	CONSTRAINT "dining_tables_seats" CHECK ("dining_tables"."seats" between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
DROP INDEX "customers_email_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_captured" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takeaway_baskets" ADD COLUMN "is_open_tab" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "takeaway_orders" ADD COLUMN "round" smallint;--> statement-breakpoint
ALTER TABLE "dine_in_bill_parts" ADD CONSTRAINT "dine_in_bill_parts_tab_id_dine_in_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."dine_in_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_bill_parts" ADD CONSTRAINT "dine_in_bill_parts_member_id_customers_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_bill_parts" ADD CONSTRAINT "dine_in_bill_parts_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_bill_parts" ADD CONSTRAINT "dine_in_bill_parts_paid_by_customers_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_rounds" ADD CONSTRAINT "dine_in_rounds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_rounds" ADD CONSTRAINT "dine_in_rounds_tab_id_dine_in_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."dine_in_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_rounds" ADD CONSTRAINT "dine_in_rounds_added_by_customers_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tab_members" ADD CONSTRAINT "dine_in_tab_members_tab_id_dine_in_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."dine_in_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tab_members" ADD CONSTRAINT "dine_in_tab_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tabs" ADD CONSTRAINT "dine_in_tabs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tabs" ADD CONSTRAINT "dine_in_tabs_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tabs" ADD CONSTRAINT "dine_in_tabs_holder_id_customers_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dine_in_tabs" ADD CONSTRAINT "dine_in_tabs_closed_by_staff_customers_id_fk" FOREIGN KEY ("closed_by_staff") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_bill_parts_position_idx" ON "dine_in_bill_parts" USING btree ("tab_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_bill_parts_checkout_idx" ON "dine_in_bill_parts" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_rounds_number_idx" ON "dine_in_rounds" USING btree ("tab_id","number");--> statement-breakpoint
CREATE INDEX "dine_in_tab_members_customer_idx" ON "dine_in_tab_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_tabs_checkout_idx" ON "dine_in_tabs" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_tabs_join_idx" ON "dine_in_tabs" USING btree ("join_token");--> statement-breakpoint
CREATE UNIQUE INDEX "dine_in_tabs_one_live_idx" ON "dine_in_tabs" USING btree ("holder_id") WHERE "dine_in_tabs"."state" in ('opening', 'open', 'settling', 'closing');--> statement-breakpoint
CREATE INDEX "dine_in_tabs_restaurant_idx" ON "dine_in_tabs" USING btree ("restaurant_id","state");--> statement-breakpoint
CREATE INDEX "dine_in_tabs_due_idx" ON "dine_in_tabs" USING btree ("auto_close_at") WHERE "dine_in_tabs"."state" in ('opening', 'open', 'settling', 'closing');--> statement-breakpoint
CREATE INDEX "payments_capture_owed_idx" ON "payments" USING btree ("capture_requested_at") WHERE "payments"."capture_requested_at" is not null and "payments"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("email") WHERE not "customers"."guest";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."total_discounts" >= 0 and "orders"."shipping_price" >= 0 and "orders"."tip" >= 0 and "orders"."total" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_capture" CHECK ("payments"."capture_amount" is null or ("payments"."capture_method" = 'manual' and "payments"."capture_amount" between 0 and "payments"."amount"));