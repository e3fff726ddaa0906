CREATE TABLE "menu_week_drafts" (
	"week_start" date NOT NULL,
	"product_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "menu_week_drafts_week_start_product_id_pk" PRIMARY KEY("week_start","product_id")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "data" "bytea";--> statement-breakpoint
ALTER TABLE "menu_week_drafts" ADD CONSTRAINT "menu_week_drafts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;