CREATE TABLE "event_booking_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"refund_as" text DEFAULT 'none' NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_booking_upgrades" (
	"booking_id" uuid NOT NULL,
	"upgrade_id" text NOT NULL,
	"quantity" smallint NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "event_booking_upgrades_booking_id_upgrade_id_pk" PRIMARY KEY("booking_id","upgrade_id"),
	CONSTRAINT "event_booking_upgrades_quantity" CHECK ("event_booking_upgrades"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"adults" smallint DEFAULT 0 NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"holder_name" text,
	"holder_email" text,
	"form_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"dietary_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_bookings_seats" CHECK ("event_bookings"."adults" >= 0 and "event_bookings"."children" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"name" text NOT NULL,
	"allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"diets" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"answered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_holds" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"slot_id" uuid NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"upgrades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_holds_seats" CHECK ("event_holds"."adults" >= 0 and "event_holds"."children" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" text NOT NULL,
	"restaurant_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"adult_price" integer NOT NULL,
	"child_price" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_slots_capacity" CHECK ("event_slots"."capacity" > 0),
	CONSTRAINT "event_slots_times" CHECK ("event_slots"."ends_at" > "event_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"theme" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"included" text[] DEFAULT '{}'::text[] NOT NULL,
	"bring" text[] DEFAULT '{}'::text[] NOT NULL,
	"adult_price" integer NOT NULL,
	"child_price" integer,
	"child_note" text,
	"max_guests" smallint DEFAULT 8 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_upgrades" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"per_guest" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_upgrades_price" CHECK ("event_upgrades"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'owed' NOT NULL,
	"processor_id" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "event_slot_id" uuid;--> statement-breakpoint
ALTER TABLE "event_booking_changes" ADD CONSTRAINT "event_booking_changes_booking_id_event_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."event_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_booking_upgrades" ADD CONSTRAINT "event_booking_upgrades_booking_id_event_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."event_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_booking_upgrades" ADD CONSTRAINT "event_booking_upgrades_upgrade_id_event_upgrades_id_fk" FOREIGN KEY ("upgrade_id") REFERENCES "public"."event_upgrades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_booking_id_event_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."event_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_holds" ADD CONSTRAINT "event_holds_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_holds" ADD CONSTRAINT "event_holds_booking_id_event_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."event_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_holds" ADD CONSTRAINT "event_holds_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_template_id_event_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."event_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_upgrades" ADD CONSTRAINT "event_upgrades_template_id_event_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."event_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_booking_changes_booking_idx" ON "event_booking_changes" USING btree ("booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_order_idx" ON "event_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_form_token_idx" ON "event_bookings" USING btree ("form_token");--> statement-breakpoint
CREATE INDEX "event_bookings_slot_idx" ON "event_bookings" USING btree ("slot_id","state");--> statement-breakpoint
CREATE INDEX "event_bookings_customer_idx" ON "event_bookings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "event_guests_booking_idx" ON "event_guests" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "event_holds_slot_idx" ON "event_holds" USING btree ("slot_id","expires_at") WHERE "event_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "event_holds_booking_idx" ON "event_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "event_slots_template_idx" ON "event_slots" USING btree ("template_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_slots_restaurant_idx" ON "event_slots" USING btree ("restaurant_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_upgrades_template_idx" ON "event_upgrades" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_owed_idx" ON "payment_refunds" USING btree ("requested_at") WHERE "payment_refunds"."state" = 'owed';