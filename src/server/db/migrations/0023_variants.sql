-- Options and variants (issue 40, decision 038). A product has up to three options, each
-- {name, values} in the order shoppers choose them; every combination on sale is a row of
-- product_variants with its own price, compare-at price, SKU, picture and stock. Size and colour
-- are the options named Size and Color: products.sizes / products.colors stay and equal them, and
-- a variant keeps its Size and Color values in its own size / color columns ('' when the product
-- has no such option) so everything that reads by size and colour keeps reading the same.
--
-- Every existing product gets one variant per size × colour (an empty list counts as the single
-- value '' and contributes no option) at the product's own price; cart lines, stock rows and order
-- lines are pointed at their variant. No amount changes. Old rows keep their size and colour.
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "options" =
  (CASE WHEN cardinality("sizes") > 0
    THEN jsonb_build_array(jsonb_build_object('name', 'Size', 'values', to_jsonb("sizes"))) ELSE '[]'::jsonb END)
  || (CASE WHEN cardinality("colors") > 0
    THEN jsonb_build_array(jsonb_build_object('name', 'Color', 'values', to_jsonb("colors"))) ELSE '[]'::jsonb END);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"original_price" numeric(12, 2),
	"sku" text,
	"image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_options_object" CHECK (jsonb_typeof("options") = 'object')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_options_idx" ON "product_variants" ("product_id", "options");
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" ("product_id", "position");
--> statement-breakpoint
-- Old clients name a variant by size and colour.
CREATE INDEX "product_variants_size_color_idx" ON "product_variants" ("product_id", "size", "color");
--> statement-breakpoint
-- A SKU names one variant in the whole store; an empty SKU is no SKU.
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" ("sku") WHERE "sku" IS NOT NULL AND "sku" <> '';
--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "position", "options", "size", "color", "price", "original_price")
SELECT p."id",
  (row_number() OVER (PARTITION BY p."id" ORDER BY s.ord, c.ord))::int - 1,
  (CASE WHEN s.v <> '' THEN jsonb_build_object('Size', s.v) ELSE '{}'::jsonb END)
    || (CASE WHEN c.v <> '' THEN jsonb_build_object('Color', c.v) ELSE '{}'::jsonb END),
  s.v, c.v, p."price", p."original_price"
FROM "products" p
CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."sizes") > 0 THEN p."sizes" ELSE ARRAY['']::text[] END)
  WITH ORDINALITY AS s(v, ord)
CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."colors") > 0 THEN p."colors" ELSE ARRAY['']::text[] END)
  WITH ORDINALITY AS c(v, ord)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A cart line goes with its variant; a line whose size or colour is no longer sold keeps a null
-- variant and is offered as today (the cart reads it and placement refuses it by name).
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE CASCADE;
--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v
WHERE v."product_id" = c."product_id" AND v."size" = c."size" AND v."color" = c."color";
--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" ("variant_id");
--> statement-breakpoint
-- Counted stock is per variant.
ALTER TABLE "product_stock" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE CASCADE;
--> statement-breakpoint
UPDATE "product_stock" s SET "variant_id" = v."id" FROM "product_variants" v
WHERE v."product_id" = s."product_id" AND v."size" = s."size" AND v."color" = s."color";
--> statement-breakpoint
CREATE UNIQUE INDEX "product_stock_variant_idx" ON "product_stock" ("variant_id");
--> statement-breakpoint
-- What an order holds, per variant. No foreign key: orders outlive products.
ALTER TABLE "order_stock" ADD COLUMN "variant_id" integer;
--> statement-breakpoint
UPDATE "order_stock" o SET "variant_id" = v."id" FROM "product_variants" v
WHERE v."product_id" = o."product_id" AND v."size" = o."size" AND v."color" = o."color";
--> statement-breakpoint
CREATE INDEX "order_stock_variant_idx" ON "order_stock" ("variant_id");
--> statement-breakpoint
-- An order line keeps the variant it sold and that variant's options at the time (orders outlive
-- products: no foreign key). Older lines get the options their size and colour stood for.
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "order_items" i SET
  "options" = (CASE WHEN i."size" <> '' THEN jsonb_build_object('Size', i."size") ELSE '{}'::jsonb END)
    || (CASE WHEN i."color" <> '' THEN jsonb_build_object('Color', i."color") ELSE '{}'::jsonb END),
  "variant_id" = (SELECT v."id" FROM "product_variants" v
    WHERE v."product_id" = i."product_id" AND v."size" = i."size" AND v."color" = i."color");
--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" ("variant_id") WHERE "variant_id" IS NOT NULL;
