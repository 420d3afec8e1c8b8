-- What the shopper pays (issue 24, decision 022): discount codes and automatic sales, and each
-- part of an order's amount kept in its own column. `claims` is bumped by every placement that
-- uses a code, in the order's own statement: a placement that finds it moved since it counted the
-- code's uses counts again (modules/pricing/code-claim.ts), so the last use is never taken twice.
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"min_subtotal" numeric(12, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_phone_limit" integer,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"claims" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_check" CHECK ("kind" in ('percent', 'fixed', 'free_delivery')),
	CONSTRAINT "discounts_sale_kind_check" CHECK ("code" is not null or "kind" <> 'free_delivery')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_key" ON "discounts" (lower("code")) WHERE "code" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- Null: the whole total is collected on delivery (every order placed before this migration).
ALTER TABLE "orders" ADD COLUMN "cod_amount" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_id" integer REFERENCES "discounts"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "orders_discount_idx" ON "orders" ("discount_id", "phone_key") WHERE "discount_id" IS NOT NULL;
