-- Product addresses, drafts and launches (issue 40, decision 039). Every product gets a handle made
-- from its name (lowercase letters, digits and dashes; a repeat gets -2, -3 …), a status ('active'
-- for every product there is, so the store reads as before) and an optional launch time. A
-- collection's handle is its category slug, which already has that form. Old handles (a product's
-- or a collection's, after a rename) stay in old_handles so their links answer 301.
ALTER TABLE "products" ADD COLUMN "handle" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("status" IN ('active', 'draft', 'archived'));
--> statement-breakpoint
WITH base AS (
  SELECT id, coalesce(nullif(left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 80), ''), 'product') AS h
  FROM products
), numbered AS (
  SELECT id, h, row_number() OVER (PARTITION BY h ORDER BY id) AS n FROM base
)
UPDATE products p SET handle = CASE WHEN numbered.n = 1 THEN numbered.h ELSE numbered.h || '-' || numbered.n END
FROM numbered WHERE numbered.id = p.id;
--> statement-breakpoint
-- A name that itself ends in -2 may meet a numbered repeat: the later one takes its id instead.
UPDATE products p SET handle = p.handle || '-' || p.id
WHERE EXISTS (SELECT 1 FROM products q WHERE q.handle = p.handle AND q.id < p.id);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "handle" SET DEFAULT '';
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "handle" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_unique" UNIQUE ("handle");
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handle_check" CHECK ("handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
--> statement-breakpoint
CREATE INDEX "products_launch_idx" ON "products" ("publish_at") WHERE "status" = 'draft' AND "publish_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "old_handles" (
  "kind" text NOT NULL CHECK ("kind" IN ('product', 'collection')),
  "handle" text NOT NULL,
  "target_id" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "old_handles_pk" PRIMARY KEY ("kind", "handle")
);
--> statement-breakpoint
-- A product written without a handle (the demo data, a script) gets one from its name, or with
-- its id added when that is taken: O(1) whatever the catalogue's size. The admin's form and the
-- API number repeats -2, -3 themselves (modules/products/product-handles.ts).
CREATE FUNCTION products_fill_handle() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF NEW.handle IS NOT NULL AND NEW.handle <> '' THEN
    RETURN NEW;
  END IF;
  base := coalesce(nullif(trim(both '-' from left(regexp_replace(lower(NEW.name), '[^a-z0-9]+', '-', 'g'), 70)), ''), 'product');
  IF EXISTS (SELECT 1 FROM products WHERE handle = base) THEN
    base := base || '-' || NEW.id;
  END IF;
  NEW.handle := base;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_fill_handle BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION products_fill_handle();
