CREATE TABLE "sandbox_parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"delivery_date" date NOT NULL,
	"postcode" text NOT NULL,
	"items" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"packed_at" timestamp with time zone,
	"out_for_delivery_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sandbox_parcels_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"parcel_ref" text NOT NULL,
	"status" text NOT NULL,
	"tracking_url" text,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "off_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_parcels_delivery_idx" ON "sandbox_parcels" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "shipments_next_check_idx" ON "shipments" USING btree ("next_check_at") WHERE "shipments"."next_check_at" is not null;