CREATE TABLE "ingredients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_week_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"schedule_week_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"summary" text NOT NULL,
	"weeks" date[] DEFAULT '{}'::date[] NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_ingredient_preferences" (
	"subscription_id" uuid NOT NULL,
	"ingredient_id" text NOT NULL,
	"preference" text DEFAULT 'avoid' NOT NULL,
	CONSTRAINT "subscription_ingredient_preferences_subscription_id_ingredient_id_pk" PRIMARY KEY("subscription_id","ingredient_id")
);
--> statement-breakpoint
DROP INDEX "orders_subscription_idx";--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD COLUMN "recipes_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD COLUMN "charge_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD COLUMN "charge_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "anchor_week" date;--> statement-breakpoint
UPDATE "subscriptions" SET "anchor_week" = date_trunc('week', "first_delivery")::date;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "anchor_week" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "number_of_cocktails" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "plan_week_links" ADD CONSTRAINT "plan_week_links_schedule_week_id_schedule_weeks_id_fk" FOREIGN KEY ("schedule_week_id") REFERENCES "public"."schedule_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_ingredient_preferences" ADD CONSTRAINT "subscription_ingredient_preferences_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_ingredient_preferences" ADD CONSTRAINT "subscription_ingredient_preferences_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_week_links_week_idx" ON "plan_week_links" USING btree ("schedule_week_id");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","at");--> statement-breakpoint
CREATE INDEX "orders_in_fulfilment_idx" ON "orders" USING btree ("delivery_date") WHERE "orders"."state" in ('paid', 'submitted', 'accepted', 'packed', 'shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_weeks_order_idx" ON "schedule_weeks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "schedule_weeks_charge_due_idx" ON "schedule_weeks" USING btree ("charge_due_at") WHERE "schedule_weeks"."charge_due_at" is not null;--> statement-breakpoint
CREATE INDEX "schedule_weeks_start_idx" ON "schedule_weeks" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_state_idx" ON "subscriptions" USING btree ("state");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","delivery_date");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_recipes_range" CHECK ("subscriptions"."number_of_recipes" between 1 and 10);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_cocktails_range" CHECK ("subscriptions"."number_of_cocktails" between 0 and 10);