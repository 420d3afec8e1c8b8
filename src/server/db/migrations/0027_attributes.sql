-- Attributes, facets and size charts (issue 40, decision 040). The owner keeps attributes (Fabric,
-- Pieces, Season, Occasion, ...) and files each product under some of their values; shoppers
-- filter by them and by the products' options, with counts over the whole catalogue.
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_name_idx" ON "attributes" (lower("name"));
--> statement-breakpoint
INSERT INTO "attributes" ("name", "values", "position") VALUES
	('Fabric', ARRAY['Lawn', 'Cotton', 'Khaddar', 'Linen', 'Chiffon', 'Silk', 'Karandi', 'Velvet'], 0),
	('Pieces', ARRAY['1', '2', '3'], 1),
	('Season', ARRAY['Summer', 'Winter', 'All season'], 2),
	('Occasion', ARRAY['Casual', 'Formal', 'Festive', 'Bridal'], 3);
--> statement-breakpoint
-- {<attribute name>: [values]}: the attribute's own spelling, kept by the server on a rename.
ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- A product's facet tokens, "Name:Value" for every option value and attribute value it has. The
-- facet counts unnest them over the filtered catalogue, and `f` filters read the GIN index below;
-- the database keeps them in step with the product (a generated column), so no write path can
-- forget them. Sizes and colours are read from their columns too: they always equal the options
-- named Size and Color, so the union changes nothing, and a writer that set only the columns is
-- still filtered as it should be.
CREATE FUNCTION product_facet_tokens(options jsonb, attributes jsonb, sizes text[], colors text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT t.token ORDER BY t.token), '{}'::text[]) FROM (
		SELECT (o ->> 'name') || ':' || v AS token
		FROM jsonb_array_elements(CASE WHEN jsonb_typeof(options) = 'array' THEN options ELSE '[]'::jsonb END) AS o,
			jsonb_array_elements_text(CASE WHEN jsonb_typeof(o -> 'values') = 'array' THEN o -> 'values' ELSE '[]'::jsonb END) AS v
		UNION ALL
		SELECT a.key || ':' || v
		FROM jsonb_each(CASE WHEN jsonb_typeof(attributes) = 'object' THEN attributes ELSE '{}'::jsonb END) AS a,
			jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.value) = 'array' THEN a.value ELSE '[]'::jsonb END) AS v
		UNION ALL
		SELECT 'Size:' || s FROM unnest(sizes) AS s WHERE s <> ''
		UNION ALL
		SELECT 'Color:' || c FROM unnest(colors) AS c WHERE c <> ''
	) AS t
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facet_tokens" text[]
	GENERATED ALWAYS AS (product_facet_tokens("options", "attributes", "sizes", "colors")) STORED;
--> statement-breakpoint
CREATE INDEX "products_facet_tokens_idx" ON "products" USING gin ("facet_tokens");
--> statement-breakpoint
-- {columns: [..], rows: [[..]], note}: shown from the category's product pages.
ALTER TABLE "categories" ADD COLUMN "size_chart" jsonb;
