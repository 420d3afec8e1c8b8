CREATE TABLE "report_customers" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"order_count" integer NOT NULL,
	"total_spent" numeric NOT NULL,
	"last_order" timestamp with time zone,
	"last_order_id" uuid,
	"name" text,
	"phone" text,
	"email" text,
	"address" text,
	"city" text
);
--> statement-breakpoint
CREATE TABLE "report_daily_sales" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_daily_sales_pk" PRIMARY KEY("day","status","slot")
);
--> statement-breakpoint
CREATE TABLE "report_deleted_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_variant_sales" (
	"product_id" integer NOT NULL,
	"category" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"slot" smallint NOT NULL,
	"lines" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_variant_sales_pk" PRIMARY KEY("product_id","category","color","size","slot")
);
--> statement-breakpoint
DROP INDEX "order_items_product_idx";--> statement-breakpoint
CREATE INDEX "report_customers_rank_idx" ON "report_customers" USING btree ("total_spent" DESC NULLS FIRST,"last_order" DESC NULLS FIRST,"phone_key");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id","id");