-- Counted stock, what an order holds and a cart line are keyed by variant (issue 40, decision
-- 038): two variants may share a size and colour (Unstitched and Stitched in Red, say), so the
-- keys of migration 0005 (product, size, colour) no longer name one thing. Follows 0023_variants,
-- which pointed every row at its variant; size and colour stay on the rows, as they were sold.
--
-- A stock row whose size or colour the product no longer sells had no variant: it counted units
-- nobody could order, and goes.
DELETE FROM "product_stock" WHERE "variant_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "product_stock" DROP CONSTRAINT "product_stock_pk";
--> statement-breakpoint
DROP INDEX "product_stock_variant_idx";
--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_pk" PRIMARY KEY ("variant_id");
--> statement-breakpoint
CREATE INDEX "product_stock_product_idx" ON "product_stock" ("product_id");
--> statement-breakpoint
-- An order's held stock: one row per variant. Rows of a product deleted before 0023 have no
-- variant (nothing to give back to): they keep their product, size and colour.
ALTER TABLE "order_stock" DROP CONSTRAINT "order_stock_pk";
--> statement-breakpoint
DROP INDEX "order_stock_variant_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "order_stock_line_idx" ON "order_stock" ("order_id", "variant_id");
--> statement-breakpoint
CREATE INDEX "order_stock_variant_idx" ON "order_stock" ("variant_id", "order_id") WHERE "held";
--> statement-breakpoint
-- One cart line per variant of a session (two quick taps still make one line).
DROP INDEX "cart_items_line_idx";
--> statement-breakpoint
DROP INDEX "cart_items_variant_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" ("session_id", "variant_id");
--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" ("variant_id");
--> statement-breakpoint
-- As migration 0009's, joined by variant.
CREATE OR REPLACE FUNCTION stock_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  releasing text[] := stock_releasing_statuses();
  wanted int;
  taken int;
BEGIN
  IF NEW.status = ANY(releasing) AND NOT OLD.status = ANY(releasing) THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (variant_id)
    WHERE o.order_id = NEW.id AND o.held ORDER BY s.variant_id FOR UPDATE OF s;
    WITH released AS (
      UPDATE order_stock SET held = false WHERE order_id = NEW.id AND held
      RETURNING variant_id, quantity
    )
    UPDATE product_stock s SET quantity = s.quantity + r.quantity
    FROM released r WHERE s.variant_id = r.variant_id;
  ELSIF NOT NEW.status = ANY(releasing) AND (OLD.status = ANY(releasing) OR NEW.status <> 'pending') THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (variant_id)
    WHERE o.order_id = NEW.id AND NOT o.held ORDER BY s.variant_id FOR UPDATE OF s;
    SELECT count(*) INTO wanted FROM order_stock WHERE order_id = NEW.id AND NOT held;
    IF wanted = 0 THEN
      RETURN NULL;
    END IF;
    WITH retaken AS (
      UPDATE product_stock s SET quantity = s.quantity - o.quantity
      FROM order_stock o
      WHERE o.order_id = NEW.id AND NOT o.held AND s.variant_id = o.variant_id AND s.quantity >= o.quantity
      RETURNING 1
    )
    SELECT count(*) INTO taken FROM retaken;
    IF taken < wanted THEN
      RAISE EXCEPTION 'not enough stock to move order %', NEW.id USING ERRCODE = '23514';
    END IF;
    UPDATE order_stock SET held = true WHERE order_id = NEW.id AND NOT held;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- As migration 0021's, for one variant.
DROP FUNCTION online_units_held(integer, text, text);
--> statement-breakpoint
CREATE FUNCTION online_units_held(p_variant integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  units integer;
BEGIN
  SELECT coalesce(sum(h.quantity), 0)::int INTO units
  FROM orders o
  JOIN order_stock h ON h.order_id = o.id AND h.variant_id = p_variant
  WHERE o.status = 'pending' AND o.source = 'web' AND o.confirmation_state <> 'confirmed'
    AND o.stock_released_at IS NULL AND h.held;
  RETURN units;
END $$;
