CREATE TABLE "marketing_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"voucher_code" text,
	"customer_type" text,
	"link" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "marketing_offers_customer_type" CHECK ("marketing_offers"."customer_type" is null or "marketing_offers"."customer_type" in ('new', 'existing'))
);
