-- Stock per size and colour, orders taken by hand (their source), and the orders-by-source
-- roll-up (decision 007). Stock is taken by order placement's own statement
-- (modules/stock/stock-sql.ts); it is given back here, by a trigger, whatever moves an order into
-- a stock-releasing status, so every writer (admin, shopper, WhatsApp, courier) is covered.
ALTER TABLE "products" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_stock_pk" PRIMARY KEY ("product_id", "size", "color"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("quantity" >= 0)
);
--> statement-breakpoint
CREATE INDEX "product_stock_quantity_idx" ON "product_stock" ("quantity");
--> statement-breakpoint
-- What each order took, line by variant; `held` turns false when it is given back, so it is
-- given back once however often the order is cancelled.
CREATE TABLE "order_stock" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"quantity" integer NOT NULL,
	"held" boolean DEFAULT true NOT NULL,
	CONSTRAINT "order_stock_pk" PRIMARY KEY ("order_id", "product_id", "size", "color")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check"
  CHECK ("source" in ('web', 'whatsapp', 'instagram', 'facebook', 'phone', 'other'));
--> statement-breakpoint
-- The same list as STOCK_RELEASING_STATUSES in src/shared/rules/stock.ts (a test compares them).
CREATE FUNCTION stock_releasing_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['cancelled', 'returned']::text[]
$$;
--> statement-breakpoint
-- Into a releasing status: what the order holds goes back. Out of one (an admin reopening a
-- cancelled order): taken again, all lines or none, refused with 23514 when any falls short.
-- Stock rows are locked in key order first, as placement locks them, so the two never deadlock.
CREATE FUNCTION stock_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  releasing text[] := stock_releasing_statuses();
  wanted int;
  taken int;
BEGIN
  IF NEW.status = ANY(releasing) AND NOT OLD.status = ANY(releasing) THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (product_id, size, color)
    WHERE o.order_id = NEW.id AND o.held ORDER BY s.product_id, s.size, s.color FOR UPDATE OF s;
    WITH released AS (
      UPDATE order_stock SET held = false WHERE order_id = NEW.id AND held
      RETURNING product_id, size, color, quantity
    )
    UPDATE product_stock s SET quantity = s.quantity + r.quantity
    FROM released r WHERE s.product_id = r.product_id AND s.size = r.size AND s.color = r.color;
  ELSIF OLD.status = ANY(releasing) AND NOT NEW.status = ANY(releasing) THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (product_id, size, color)
    WHERE o.order_id = NEW.id AND NOT o.held ORDER BY s.product_id, s.size, s.color FOR UPDATE OF s;
    SELECT count(*) INTO wanted FROM order_stock WHERE order_id = NEW.id AND NOT held;
    WITH retaken AS (
      UPDATE product_stock s SET quantity = s.quantity - o.quantity
      FROM order_stock o
      WHERE o.order_id = NEW.id AND NOT o.held AND s.product_id = o.product_id AND s.size = o.size
        AND s.color = o.color AND s.quantity >= o.quantity
      RETURNING 1
    )
    SELECT count(*) INTO taken FROM retaken;
    IF taken < wanted THEN
      RAISE EXCEPTION 'not enough stock to reopen order %', NEW.id USING ERRCODE = '23514';
    END IF;
    UPDATE order_stock SET held = true WHERE order_id = NEW.id AND NOT held;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_follow_status AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION stock_follow_status();
--> statement-breakpoint
-- Orders and revenue per source and status, all time (slots as in decision 005).
CREATE TABLE "report_source_sales" (
	"source" text NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "report_source_sales_pk" PRIMARY KEY ("source", "status", "slot")
);
--> statement-breakpoint
CREATE FUNCTION report_sources_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_source_sales AS r (source, status, slot, orders, revenue)
    SELECT source, status, report_slot(), count(*), sum(total) FROM source_new
    GROUP BY source, status ORDER BY source, status
    ON CONFLICT (source, status, slot) DO UPDATE
    SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_source_sales AS r (source, status, slot, orders, revenue)
    SELECT source, status, report_slot(), sum(n), sum(amount)
    FROM (SELECT source, status, 1 AS n, total AS amount FROM source_new
          UNION ALL
          SELECT source, status, -1, -total FROM source_old) d
    GROUP BY source, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY source, status
    ON CONFLICT (source, status, slot) DO UPDATE
    SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;
  ELSE
    INSERT INTO report_source_sales AS r (source, status, slot, orders, revenue)
    SELECT source, status, report_slot(), -count(*), -sum(total) FROM source_old
    GROUP BY source, status ORDER BY source, status
    ON CONFLICT (source, status, slot) DO UPDATE
    SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_sources_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_source_sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_sources_inserted AFTER INSERT ON orders
REFERENCING NEW TABLE AS source_new FOR EACH STATEMENT EXECUTE FUNCTION report_sources_changed();
--> statement-breakpoint
CREATE TRIGGER report_sources_updated AFTER UPDATE ON orders
REFERENCING OLD TABLE AS source_old NEW TABLE AS source_new FOR EACH STATEMENT EXECUTE FUNCTION report_sources_changed();
--> statement-breakpoint
CREATE TRIGGER report_sources_deleted AFTER DELETE ON orders
REFERENCING OLD TABLE AS source_old FOR EACH STATEMENT EXECUTE FUNCTION report_sources_changed();
--> statement-breakpoint
CREATE TRIGGER report_sources_truncated AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION report_sources_truncated();
--> statement-breakpoint
-- The backfill, after the triggers exist, with writers held off.
LOCK TABLE orders IN SHARE MODE;
--> statement-breakpoint
INSERT INTO report_source_sales (source, status, slot, orders, revenue)
SELECT source, status, 0, count(*), sum(total) FROM orders GROUP BY source, status;
